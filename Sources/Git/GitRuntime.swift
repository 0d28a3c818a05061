import CGitShim
import CLibgit2

/// Process-wide libgit2 set-up, done once and thread-safely (a lazy global).
///
/// Besides `git_libgit2_init`, it points the global, XDG, system and ProgramData config
/// search paths at nothing, so `~/.gitconfig`, `$XDG_CONFIG_HOME/git/config` and
/// `/etc/gitconfig` never change how bundlediff reads or writes a repository.
///
/// libgit2 parses the system's CA bundle during its set-up, whatever the command: most of
/// the set-up's cost, and a command that only reads a local history never needs it. That
/// parsing is deferred (`bundlediff_git_init`, CGitShim's DeferredCertificates.c) until
/// `loadCertificates`, which every contact with a remote calls first.
///
/// It also turns off libgit2's re-hashing of every object read from disk
/// (`GIT_OPT_ENABLE_STRICT_HASH_VERIFICATION`), as git itself does not re-hash on read:
/// objects are hashed when they are written or fetched (the indexer computes every id
/// from the content), `git fsck` checks them, and a history query that reads one tree per
/// build of 10,000 spent a tenth of its time hashing.
///
/// And it turns off libgit2's look-up, at every tree entry, commit and tag it creates, of
/// the objects named there (`GIT_OPT_ENABLE_STRICT_OBJECT_CREATION`): bundlediff names only
/// objects it has just written or read, with the kind it wrote or read them as. The check
/// read the header of every file record of a recording from the packs: in a history of
/// 10,000 builds, a recording peaked at 65 MiB instead of 36 (pack pages faulted in for
/// it) and took 1.11 times as long as in a history of one build (1.06 to 1.08 times
/// without it; Benchmarks/README.md). Entry names and modes
/// are still checked, the tests check recorded histories with `git fsck --strict`, and
/// objects that come from elsewhere are checked on their own (`TreeEntryCheck`, the
/// fetch's quarantine).
public enum GitRuntime {
    private static let initialized: Bool = {
        guard bundlediff_git_init() >= 0 else { return false }
        let levels = [GIT_CONFIG_LEVEL_GLOBAL, GIT_CONFIG_LEVEL_XDG, GIT_CONFIG_LEVEL_SYSTEM,
                      GIT_CONFIG_LEVEL_PROGRAMDATA]
        var ok = bundlediff_git_set_strict_hash_verification(0) >= 0 && bundlediff_git_set_strict_object_creation(0) >= 0
        for level in levels where bundlediff_git_set_search_path(level.rawValue, "") < 0 {
            ok = false
        }
        return ok
    }()

    /// Initializes libgit2 now, if it was not (a failure is reported by the next
    /// `ensureInitialized`): a command that will open a history starts it on the other
    /// core while it parses its arguments.
    public static func initialize() { _ = initialized }

    /// Parses the CA certificates whose parsing the set-up deferred, once; before any
    /// remote is contacted. A bundle that does not parse is left as libgit2 leaves it: no
    /// HTTPS certificate is then trusted, and the connection says so.
    static func loadCertificates() throws(GitError) {
        try ensureInitialized()
        _ = certificatesLoaded
    }

    private static let certificatesLoaded: Bool = bundlediff_git_load_certificates() >= 0

    /// For tests: whether the set-up deferred a CA bundle, what parsing it returned
    /// (`Int32.min`: not parsed yet), and whether libgit2 came with mbedTLS.
    static var certificatesDeferred: Bool { bundlediff_git_certificates_deferred() != 0 }
    static var certificatesLoadResult: Int32 { bundlediff_git_certificates_loaded() }
    static var usesMbedTLS: Bool { bundlediff_git_uses_mbedtls() != 0 }
    /// For tests: how many mechanisms the GSSAPI library loaded on first use reports (-1:
    /// it cannot be loaded), and whether it is loaded.
    static var gssapiMechanismCount: Int32 { bundlediff_gssapi_mechanism_count() }
    static var gssapiLoaded: Bool { bundlediff_gssapi_loaded() != 0 }

    /// Initializes libgit2 (once); throws when that failed.
    static func ensureInitialized() throws(GitError) {
        guard initialized else {
            throw GitError(code: .other(-1), operation: "initialize libgit2",
                           message: "libgit2 could not be initialized or isolated from the git config")
        }
    }
}
