import Foundation
public import NarrateCore

/// File names for a batch's outputs: from a template (`{slug}-{id}`; also `{lang}`),
/// sanitized (no path separators, no leading dots, control characters replaced, at most 120
/// characters and 200 UTF-8 bytes), unique within the batch and the folder, and always
/// inside the folder.
public struct OutputNamer {
    /// The folder, absolute and standardized.
    public let directory: String
    /// The template, with `{slug}`, `{id}` and `{lang}`.
    public let template: String
    /// The audio files' extension, without the dot.
    public let fileExtension: String
    private var taken: Set<String> = []

    /// The placeholders a template may hold.
    public static let placeholders = ["{slug}", "{id}", "{lang}"]
    /// A name's length cap in characters.
    public static let maximumCharacters = 120
    /// A name's length cap in UTF-8 bytes: file names may have 255, and the temporary file
    /// beside the output adds a dot, a numbered suffix, the extension and `.XXXXXX.tmp`.
    public static let maximumBytes = 200

    /// A namer for `directory` (relative to the current folder) with `template`; a template
    /// with an unknown placeholder, or with neither `{slug}` nor `{id}`, is refused.
    public init(directory: String, template: String, fileExtension: String = "wav") throws(NarrateError) {
        self.fileExtension = fileExtension
        let absolute = directory.hasPrefix("/") ? directory : FileManager.default.currentDirectoryPath + "/" + directory
        self.directory = (absolute as NSString).standardizingPath
        self.template = template
        var rest = template
        for placeholder in Self.placeholders { rest = rest.replacingOccurrences(of: placeholder, with: "") }
        if rest.contains("{") || rest.contains("}") {
            throw .invalidOption(
                name: "name-template", message: "name-template \(template): the placeholders are {slug}, {id} and {lang}"
            )
        }
        if !template.contains("{id}") && !template.contains("{slug}") {
            throw .invalidOption(
                name: "name-template", message: "name-template \(template): use {slug} or {id}, or every file gets one name")
        }
    }

    /// A path for article `id` titled `title`; `isFree` says whether an existing file at a
    /// candidate path may be written (it is this article's own earlier output).
    public mutating func path(id: Int64, title: String, language: String?, isFree: (String) -> Bool) -> String {
        var name = template.replacingOccurrences(of: "{slug}", with: Self.slug(title))
            .replacingOccurrences(of: "{id}", with: String(id))
            .replacingOccurrences(of: "{lang}", with: language ?? "xx")
        name = Self.sanitized(name)
        var candidate = "\(directory)/\(name).\(fileExtension)"
        var number = 2
        while taken.contains(candidate) || (FileManager.default.fileExists(atPath: candidate) && !isFree(candidate)) {
            candidate = "\(directory)/\(name)-\(number).\(fileExtension)"
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// Lower-case letters and digits of any script, other runs made one "-", at most 60.
    public static func slug(_ title: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash && !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
            if slug.count >= 60 { break }
        }
        return slug.isEmpty ? "article" : slug
    }

    /// A file name that cannot leave the folder or hide: separators and control characters
    /// replaced, leading dots removed, length capped.
    public static func sanitized(_ name: String) -> String {
        var result = String(
            name.map { character -> Character in
                if character == "/" || character == "\\"
                    || character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
                {
                    return "-"
                }
                return character
            })
        while result.hasPrefix(".") || result.hasPrefix("-") { result.removeFirst() }
        if result.count > maximumCharacters { result = String(result.prefix(maximumCharacters)) }
        // Whole characters only, so a multibyte one is never split.
        while result.utf8.count > maximumBytes { result.removeLast() }
        return result.isEmpty ? "article" : result
    }
}
