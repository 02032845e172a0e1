import ModlintWorkspace
import Testing

/// The hash behind the cache's keys and its directory names: the same on every host and
/// every run, and telling apart inputs that differ only in how they are split.
struct StableHashTests {
    private func hash(_ parts: [String]) -> UInt64 {
        var hash = StableHash()
        for part in parts { hash.add(part) }
        return hash.value
    }

    /// Fixed values: a change to the function moves every user's cache, so it must be
    /// deliberate. Lengths around the eight-byte step cover the word and byte paths, the
    /// long ones the four lanes.
    @Test func valuesAreFixed() {
        #expect(hash([]) == 0xcbf2_9ce4_8422_2325)
        #expect(hash([""]) == 0xaf63_d24c_8601_db8e)
        #expect(hash(["abcdefg"]) == 0x25da_5518_36a8_78f8)
        #expect(hash(["abcdefgh"]) == 0x7e31_b588_fc02_1882)
        #expect(hash(["abcdefghi"]) == 0x6eff_14c4_363b_24ad)
        #expect(hash(["Sources/Feature/LiveClock.swift"]) == 0x1753_0980_9d8b_db58)
        #expect(hash([String(repeating: "Packages/Feature/Sources/", count: 5)]) == 0x43db_5ac9_2742_d6ef)
        #expect(hash([String(repeating: "x", count: 64)]) == 0x60b7_41f2_da16_9c15)
    }

    @Test func splitsDiffer() {
        #expect(hash(["ab", "c"]) != hash(["a", "bc"]))
        #expect(hash(["abcdefgh", "i"]) != hash(["abcdefghi"]))
        #expect(hash(["abcdefgh", ""]) != hash(["abcdefgh"]))
    }

    /// A string, its bytes and the bytes through a raw buffer hash alike.
    @Test func stringsAndBytesAgree() {
        let text = "Packages/Core/Sources/Core/Clock+Live.swift: a name long enough for the lanes, 97 bytes"
        var fromString = StableHash(), fromBytes = StableHash(), fromRaw = StableHash()
        fromString.add(text)
        fromBytes.add(Array(text.utf8))
        Array(text.utf8).withUnsafeBytes { fromRaw.addRaw($0) }
        fromRaw.addRaw([0x1F])
        #expect(fromString.value == fromBytes.value)
        #expect(fromString.value == fromRaw.value)
        // Every byte counts, in the word part and in the tail.
        for index in text.utf8.indices {
            var bytes = Array(text.utf8)
            bytes[text.utf8.distance(from: text.utf8.startIndex, to: index)] ^= 1
            var changed = StableHash()
            changed.add(bytes)
            #expect(changed.value != fromBytes.value)
        }
    }
}
