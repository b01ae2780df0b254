extension StringProtocol {
    /// The string without trailing spaces, tabs and line breaks.
    var trimmingTrailingSpaces: String {
        var scalars = Substring(self).unicodeScalars
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
