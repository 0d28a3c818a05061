import CLibgit2
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `git_strarray` of copies of Swift strings, alive for the duration of one call.
enum StringArray {
    static func with<T>(_ strings: [String], _ body: (UnsafePointer<git_strarray>) throws(RemoteError) -> T)
        throws(RemoteError) -> T {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        return try pointers.withUnsafeMutableBufferPointer { (buffer) throws(RemoteError) -> T in
            var array = git_strarray(strings: buffer.baseAddress, count: buffer.count)
            return try body(&array)
        }
    }
}
