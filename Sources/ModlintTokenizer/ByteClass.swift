/// Byte classes for the lexer's dispatch: the low bits hold the class, two high bits say
/// whether the byte may continue an identifier or an operator.
enum ByteClass {
    static let kindMask: UInt8 = 0x0F
    static let identifierContinue: UInt8 = 0x80
    static let operatorContinue: UInt8 = 0x40

    static let space: UInt8 = 0, newline: UInt8 = 1, identifier: UInt8 = 2, digit: UInt8 = 3, quote: UInt8 = 4,
               slash: UInt8 = 5, pound: UInt8 = 6, backtick: UInt8 = 7, punctuation: UInt8 = 8, dot: UInt8 = 9,
               operatorChar: UInt8 = 10, nul: UInt8 = 11, other: UInt8 = 12

    /// 256 entries, allocated once and never freed.
    nonisolated(unsafe) static let table: UnsafePointer<UInt8> = {
        let table = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        table.initialize(repeating: other, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = identifier | identifierContinue }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = identifier | identifierContinue }
        // Non-ASCII bytes are identifier characters; malformed UTF-8 is reported separately.
        for byte in 0x80...0xFF { table[byte] = identifier | identifierContinue }
        table[Int(UInt8(ascii: "_"))] = identifier | identifierContinue
        table[Int(UInt8(ascii: "$"))] = identifier | identifierContinue
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = digit | identifierContinue }
        for byte in [0x20, 0x09, 0x0B, 0x0C] { table[byte] = space }
        table[Int(UInt8(ascii: "\n"))] = newline
        table[Int(UInt8(ascii: "\r"))] = newline
        table[Int(UInt8(ascii: "\""))] = quote
        table[Int(UInt8(ascii: "/"))] = slash | operatorContinue
        table[Int(UInt8(ascii: "#"))] = pound
        table[Int(UInt8(ascii: "`"))] = backtick
        for byte in "()[]{},:;@".utf8 { table[Int(byte)] = punctuation }
        table[Int(UInt8(ascii: "."))] = dot
        for byte in "=-+!*%<>&|^~?".utf8 { table[Int(byte)] = operatorChar | operatorContinue }
        table[0] = nul
        return UnsafePointer(table)
    }()

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
