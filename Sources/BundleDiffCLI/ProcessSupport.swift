import Foundation

/// The process environment, for `main.swift`.
public func processEnvironment() -> [String: String] {
    ProcessInfo.processInfo.environment
}

/// Ends the process with `code`, for `main.swift`.
public func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
