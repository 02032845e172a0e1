// Shared by the XcodeGen and YAML fuzz targets (Tests/Fuzz/run.sh compiles it with each).

/// Lines as libyaml counts them: `\r\n`, `\r`, `\n`, NEL, LS and PS each end one.
enum YAMLLines {
    static func count(_ bytes: [UInt8]) -> Int {
        var lines = 1
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\r") {
                lines += 1
                if index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "\n") {
                lines += 1
            } else if byte == 0xC2 && index + 1 < bytes.count && bytes[index + 1] == 0x85 {
                lines += 1
                index += 1
            } else if byte == 0xE2 && index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9) {
                lines += 1
                index += 2
            }
            index += 1
        }
        return lines
    }
}
