public import NarrateCore

/// A render that may still have its last step to take: a render synthesized now, whose file
/// is written but not yet flushed to the disk, renamed into place and recorded in the library.
/// `complete()` takes that step, on any thread; a cached or copied render is complete already.
public struct PendingRender: Sendable {
    private let finish: @Sendable () throws(NarrateError) -> ArticleRenderer.Outcome

    init(finish: @escaping @Sendable () throws(NarrateError) -> ArticleRenderer.Outcome) {
        self.finish = finish
    }

    init(complete outcome: ArticleRenderer.Outcome) {
        finish = { outcome }
    }

    /// Puts the file in place and records the render (once; call it once); the render.
    public func complete() throws(NarrateError) -> ArticleRenderer.Outcome {
        try finish()
    }
}
