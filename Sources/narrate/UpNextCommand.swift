import ArgumentParser
import NarrateCore
import NarrateLibrary
import NarrateListening
import NarrateTerminal

/// `narrate queue`: the library's up-next queue, the same one the web player and
/// `narrate play` (with no id) play from.
struct UpNextCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "queue",
        abstract: "The up-next queue: the articles to hear next, in your order ('narrate play' with no id plays it).",
        discussion: """
            The queue is the library's: the web player, 'narrate play' and every device play from it. An article \
            heard to the end leaves it (and gets the tag 'narrate queue on-finish --tag' chose).
            """,
        subcommands: [UpNextList.self, UpNextAdd.self, UpNextRemove.self, UpNextMove.self, UpNextClear.self, UpNextOnFinish.self],
        defaultSubcommand: UpNextList.self
    )
}

/// `narrate queue list`: the queue, first to be heard first.
struct UpNextList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the up-next queue.")

    @Flag(help: "Print JSON (id, title, secondsLeft) instead of lines.")
    var json = false

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        let articles = try UpNext(library: try libraryOptions.open()).articles()
        if json {
            try JSONOutput.print(articles.map { QueuedItem(id: $0.id, title: $0.title, secondsLeft: $0.secondsLeft) })
            return
        }
        if articles.isEmpty { print("the up-next queue is empty: 'narrate queue add ID' adds an article") }
        for (place, article) in articles.enumerated() {
            print("\(place + 1). \(article.id)  \(article.title)  (\(DurationText.minutes(article.secondsLeft)) left)")
        }
    }

    struct QueuedItem: Encodable {
        var id: Int64
        var title: String
        var secondsLeft: Double
    }
}

/// `narrate queue add ID... | --tag TAG`: adds articles at the end.
struct UpNextAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add articles at the end of the up-next queue, or every unfinished one with a tag.")

    @Argument(help: "The articles' ids, in the order to hear them.")
    var ids: [Int64] = []

    @Option(help: "Add every unfinished article with this tag, the one saved first first.")
    var tag: String?

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if ids.isEmpty == (tag == nil) { throw ValidationError("give the articles' ids or --tag TAG") }
    }

    func run() throws {
        let upNext = UpNext(library: try libraryOptions.open())
        if let tag {
            let added = try upNext.addUnfinished(tagged: tag)
            print("added \(added) unfinished \(added == 1 ? "article" : "articles") tagged \(tag)")
        } else {
            try upNext.add(ids)
        }
        print("\(try upNext.articles().count) in the up-next queue")
    }
}

/// `narrate queue remove ID`: takes an article out.
struct UpNextRemove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "remove", abstract: "Take an article out of the up-next queue.")

    @Argument(help: "The article's id.")
    var id: Int64

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        guard try UpNext(library: try libraryOptions.open()).remove(id) else {
            throw NarrateError.invalidOption(name: "id", message: "article \(id) is not in the up-next queue ('narrate queue' lists it)")
        }
    }
}

/// `narrate queue move ID --to N`: moves an article to another place.
struct UpNextMove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move", abstract: "Move an article to another place in the up-next queue.")

    @Argument(help: "The article's id.")
    var id: Int64

    @Option(help: "Its new place, from 1 (the next to be heard).")
    var to: Int

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if to < 1 { throw ValidationError("--to is a place from 1: got \(to)") }
    }

    func run() throws {
        try UpNext(library: try libraryOptions.open()).move(id, to: to)
    }
}

/// `narrate queue clear`: empties the queue.
struct UpNextClear: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Empty the up-next queue.")

    @OptionGroup var libraryOptions: LibraryOptions

    func run() throws {
        try UpNext(library: try libraryOptions.open()).clear()
    }
}

/// `narrate queue on-finish [--archive | --tag TAG | --nothing]`: what an article heard to the end gets.
struct UpNextOnFinish: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "on-finish",
        abstract:
            "Archive an article when it is heard to the end (--archive), tag it (--tag TAG) or neither (--nothing); nothing shows the choice."
    )

    @Flag(help: "Move a finished article to the archive, out of the library's lists (narrate list --archived shows it).")
    var archive = false

    @Option(help: "The tag a finished article gets.")
    var tag: String?

    @Flag(help: "Leave a finished article in the library as it is.")
    var nothing = false

    @OptionGroup var libraryOptions: LibraryOptions

    func validate() throws {
        if [archive, tag != nil, nothing].filter({ $0 }).count > 1 {
            throw ValidationError("give one of --archive, --tag TAG and --nothing")
        }
    }

    func run() throws {
        let upNext = UpNext(library: try libraryOptions.open())
        if archive {
            try upNext.setOnFinish(.archive)
        } else if let tag {
            try upNext.setOnFinish(.tag(tag))
        } else if nothing {
            try upNext.setOnFinish(.nothing)
        }
        switch try upNext.onFinish() {
        case .nothing: print("an article heard to the end leaves the queue and stays in the library")
        case .archive: print("an article heard to the end leaves the queue and moves to the archive")
        case .tag(let chosen): print("an article heard to the end leaves the queue and is tagged \(chosen)")
        }
    }
}
