extension StringProtocol {
    /// The string without trailing spaces, tabs and line breaks.
    var trimmingTrailingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension Substring {
    /// The substring without white space at either end.
    func trimmingWhitespace() -> Substring {
        var start = startIndex
        var end = endIndex
        while start < end, self[start].isWhitespace { start = index(after: start) }
        while end > start, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[start..<end]
    }
}
