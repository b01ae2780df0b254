import NarrateCore
import NarrateSystem

/// An exclusive hold on a folder (`flock` on the folder itself) for one `narrate publish`:
/// two runs into one folder would remove each other's temporary files and list each other's
/// files as their own. Released when the process ends, however it ends.
final class FolderLock {
    private var descriptor: Int32

    /// Holds `folder`; `.cannotCreateOutput` when another run holds it.
    init(_ folder: String) throws(NarrateError) {
        descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .cannotCreateOutput(path: folder, reason: "cannot open the folder: \(String(cString: strerror(errno)).lowercased())")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            descriptor = -1
            throw .cannotCreateOutput(path: folder, reason: "another narrate publish is writing into it; try again when it ends")
        }
    }

    /// Lets the folder go.
    func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        release()
    }
}
