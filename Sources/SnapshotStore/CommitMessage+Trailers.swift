extension CommitMessage {
    /// The trailer keys, in the order written.
    enum Key: Int, CaseIterable {
        case bundleId, version, build, platform, source, label, channel, files, bytes, recordedAt, toolVersion
        case format, kind

        var name: String { Self.names[rawValue] }

        /// The key named `name`; nil for any other text.
        init?(name: String) {
            guard let index = Self.names.firstIndex(of: name) else { return nil }
            self.init(rawValue: index)
        }

        /// Each key's name, by raw value.
        static let names = [
            "Bundlediff-Bundle-Id", "Bundlediff-Version", "Bundlediff-Build", "Bundlediff-Platform",
            "Bundlediff-Source", "Bundlediff-Label", "Bundlediff-Channel", "Bundlediff-Files", "Bundlediff-Bytes",
            "Bundlediff-Recorded-At", "Bundlediff-Tool-Version", "Bundlediff-Snapshot-Format", "Bundlediff-Kind",
        ]

        /// The names' bytes, by raw value.
        static let nameBytes: [[UInt8]] = names.map { Array($0.utf8) }
    }

    /// The trailer values of one message, by key (a later line of a key replaces an
    /// earlier one).
    struct Trailers {
        private var values = [String?](repeating: nil, count: Key.names.count)

        subscript(key: Key) -> String? {
            get { values[key.rawValue] }
            set { values[key.rawValue] = newValue }
        }

        /// Reads every `Key: value` line of ASCII text without CR; a line without a colon
        /// or with another key is skipped, and one space after the colon is dropped.
        mutating func read(asciiLines bytes: UnsafeBufferPointer<UInt8>) {
            var start = 0
            while start < bytes.count {
                var end = start
                var colon = -1
                while end < bytes.count, bytes[end] != 0x0A {
                    if colon < 0, bytes[end] == 0x3A { colon = end }
                    end += 1
                }
                defer { start = end + 1 }
                guard colon >= 0, let key = Self.key(UnsafeBufferPointer(rebasing: bytes[start..<colon])) else { continue }
                var from = colon + 1
                if from < end, bytes[from] == 0x20 { from += 1 }
                let value = UnsafeBufferPointer(rebasing: bytes[from..<end])
                let text = String(decoding: value, as: UTF8.self)
                self[key] = value.contains(0x5C) ? CommitMessage.unescape(text) : text
            }
        }

        private static func key(_ name: UnsafeBufferPointer<UInt8>) -> Key? {
            for (index, known) in Key.nameBytes.enumerated() where known.count == name.count
                && known.elementsEqual(name) {
                return Key(rawValue: index)
            }
            return nil
        }
    }
}
