/// Byte-level token checks shared by the passes that walk a file's tokens through raw
/// pointers (facts, references): no bounds checks, no `String`s in the hot loop.
/// The checks are `@inlinable`: the passes live in other modules, and an unspecialised
/// call reaches every byte through the protocol's witnesses.
public protocol RawTokenCursor {
    var bytes: UnsafePointer<UInt8> { get }
    var tokens: UnsafePointer<Token> { get }
    var count: Int { get }
}

extension RawTokenCursor {
    /// The token's bytes equal the ASCII literal.
    @inlinable @inline(__always)
    public func matches(_ token: Token, _ literal: StaticString) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard token.length == length else { return false }
        let pointer = literal.utf8Start
        let start = Int(token.start)
        for offset in 0..<length where bytes[start + offset] != pointer[offset] {
            return false
        }
        return true
    }

    /// The token at `index` exists and is the punctuation byte `byte`.
    @inlinable @inline(__always)
    public func isPunctuation(_ index: Int, _ byte: UInt8) -> Bool {
        index >= 0 && index < count && tokens[index].kind == .punctuation && bytes[Int(tokens[index].start)] == byte
    }

    /// An identifier or a backticked one.
    @inlinable @inline(__always)
    public func isName(_ index: Int) -> Bool {
        index < count && (tokens[index].kind == .identifier || tokens[index].kind == .backtickIdentifier)
    }

    /// The name a token spells: its text, backticks removed (`` `default` `` is `default`).
    /// `TokenizedSource.text(_:)` is the text as written.
    @inlinable
    public func name(_ token: Token) -> String {
        var start = Int(token.start), end = Int(token.end)
        if token.kind == .backtickIdentifier && end - start >= 2 {
            start += 1
            end -= 1
        }
        return String(decoding: UnsafeBufferPointer(start: bytes + start, count: end - start), as: UTF8.self)
    }

    /// The net count of `<` minus `>` in an operator token (`->` aside): generic clauses
    /// lex as operators, so `>>` closes two levels.
    @inlinable
    public func angleChange(_ token: Token) -> Int {
        var change = 0
        var offset = Int(token.start)
        let end = Int(token.end)
        while offset < end {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "<") {
                change += 1
            } else if byte == UInt8(ascii: ">") && !(offset > Int(token.start) && bytes[offset - 1] == UInt8(ascii: "-")) {
                change -= 1
            }
            offset += 1
        }
        return change
    }
}
