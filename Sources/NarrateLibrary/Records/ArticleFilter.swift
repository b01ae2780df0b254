internal import GRDB

/// Which articles a list, a search or a feed takes: SQL conditions over `article` joined
/// with `listeningPosition`, and their arguments.
struct ArticleFilter {
    var tag: String?
    var language: String?
    var progress: ProgressFilter?
    /// Only the library's or only the archive's articles when given.
    var shelf: Shelf? = nil
    /// Only these articles when given.
    var ids: [Int64]? = nil

    /// The conditions, to be joined by AND, and their arguments.
    var conditions: ([String], StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let tag {
            // Probed per row, so a sorted, limited list reads only the rows it shows.
            conditions.append("EXISTS (SELECT 1 FROM articleTag WHERE articleId = article.id AND tag = ?)")
            _ = arguments.append(contentsOf: [ArticleTagRow.normalized(tag)])
        }
        if let language {
            conditions.append("language = ?")
            _ = arguments.append(contentsOf: [language.lowercased()])
        }
        switch progress {
        case .finished: conditions.append("listeningPosition.finished = 1")
        case .unfinished: conditions.append("coalesce(listeningPosition.finished, 0) = 0")
        case nil: break
        }
        switch shelf {
        case .library: conditions.append("article.archivedAt IS NULL")
        case .archive: conditions.append("article.archivedAt IS NOT NULL")
        case nil: break
        }
        if let ids {
            // Ids are integers: written into the statement, no bound parameter limit applies.
            let list = ids.map(String.init).joined(separator: ",")
            conditions.append("article.id IN (\(list.isEmpty ? "NULL" : list))")
        }
        return (conditions, arguments)
    }

    /// The conditions as a WHERE clause (empty when there are none), and their arguments.
    var whereClause: (String, StatementArguments) {
        let (conditions, arguments) = self.conditions
        return (conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "), arguments)
    }
}
