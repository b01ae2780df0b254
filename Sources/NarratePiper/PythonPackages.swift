import Foundation
import NarrateCore

/// The folders where Python's packages are installed (site-packages, dist-packages): where
/// the `onnxruntime` wheel's library and packaged Piper voices are found without running Python.
enum PythonPackages {
    /// The folders that exist, most specific first: a virtual environment, the user's, pyenv's, the system's.
    static func folders(environment: [String: String]) -> [String] {
        var roots: [String] = []
        if let venv = environment["VIRTUAL_ENV"], !venv.isEmpty { roots.append("\(venv)/lib") }
        let home = environment["HOME"] ?? NSHomeDirectory()
        roots.append("\(home)/.local/lib")
        if let pyenv = environment["PYENV_ROOT"] ?? Optional("\(home)/.pyenv") {
            let versions = DirectoryEntries.names("\(pyenv)/versions")
            roots += versions.sorted().reversed().map { "\(pyenv)/versions/\($0)/lib" }
        }
        roots += ["/usr/local/lib", "/usr/lib"]
        var found: [String] = []
        for root in roots {
            let pythons = DirectoryEntries.names(root).filter { $0.hasPrefix("python3") }.sorted().reversed()
            for python in pythons {
                for kind in ["site-packages", "dist-packages"] {
                    // Followed if a link (a virtual environment's may be).
                    let folder = "\(root)/\(python)/\(kind)"
                    var isFolder: ObjCBool = false
                    if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue { found.append(folder) }
                }
            }
        }
        return found
    }
}
