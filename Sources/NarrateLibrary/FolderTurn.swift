import Foundation

/// A turn at opening the libraries of a folder: an exclusive `flock` on the folder itself
/// (no file is made), waited for at most 60 s; without it (a file system that has no
/// such locks, a folder that cannot be opened) the opener goes on, as before.
struct FolderTurn {
    private let descriptor: Int32

    init(folderOf path: String) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            self.descriptor = -1
            return
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, ContinuousClock.now < deadline else {
                close(descriptor)
                self.descriptor = -1
                return
            }
            usleep(10_000)
        }
        self.descriptor = descriptor
    }

    func end() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
