import NarrateLibrary

extension ArticleLibrary {
    /// The library at `path`, which a benchmark filled, opened to inspect or reset it.
    static func benchmarkLibrary(at path: String) throws(BenchmarkError) -> ArticleLibrary {
        do {
            return try ArticleLibrary(location: LibraryLocation(databasePath: path))
        } catch {
            throw BenchmarkError("cannot open the benchmark library: \(error)")
        }
    }
}
