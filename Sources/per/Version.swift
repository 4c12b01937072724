/// per's version. The number is kept here alone: `make deb` reads it from the built binary, and CHANGELOG.md's first
/// entry is this number's (a test compares them). The commit is stamped by make in Version.generated.swift (not in
/// git), whose extension of `BuildStamp` hides the default below.
enum PerVersion {
    static let number = "0.2.0"
    static let string = "\(number) (commit \(BuildStamp.commit))"
}

enum BuildStamp: UnstampedBuild {}

protocol UnstampedBuild {}

extension UnstampedBuild {
    static var commit: String { "unknown: built without make" }
}
