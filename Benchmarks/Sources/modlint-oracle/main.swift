// modlint-oracle: the swift-syntax facts of .swift files, to check FactExtractor by hand.
// Usage: modlint-oracle [--json] [--diff] [--line-at start|keyword] [--list FILE] FILE...
//   default  one normalized fact per line (the form modlint-accuracy compares)
//   --json   one JSON object per file: {"file", "syntaxErrors", "imports", "declarations"}
//            (modlint's ImportFact / TypeDeclaration encoding)
//   --diff   compare with modlint's FactExtractor: "-" oracle only, "+" modlint only
import BenchKit
import Foundation
import ModlintFacts

func run() -> Int32 {
    let args: Arguments
    do { args = try Arguments(valued: ["--list", "--line-at"]) } catch { print("\(error)"); return 2 }
    guard let lineAt = SyntaxOracle.LinePosition(rawValue: args.options["--line-at"] ?? "start") else {
        print("--line-at expects start or keyword"); return 2
    }
    var files = args.positional
    if let list = args.options["--list"] { files += readLines(list) ?? [] }
    if files.isEmpty || args.flags.contains("--help") {
        print("usage: modlint-oracle [--json] [--diff] [--line-at start|keyword] [--list FILE] FILE...")
        return files.isEmpty && !args.flags.contains("--help") ? 2 : 0
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    var status: Int32 = 0
    for file in files {
        guard let bytes = readFileBytes(file) else {
            FileHandle.standardError.write("cannot read \(file)\n".data(using: .utf8)!)
            status = 2
            continue
        }
        let oracle = SyntaxOracle.summarize(bytes: bytes, fileName: file, lineAt: lineAt)
        if args.flags.contains("--json") {
            struct Output: Encodable {
                var file: String
                var syntaxErrors: Bool
                var imports: [ImportFact]
                var declarations: [TypeDeclaration]
            }
            let out = Output(file: file, syntaxErrors: oracle.hasSyntaxErrors,
                             imports: oracle.summary.imports, declarations: oracle.summary.declarations)
            print(String(decoding: (try? encoder.encode(out)) ?? Data(), as: UTF8.self))
        } else if args.flags.contains("--diff") {
            let mine = FactExtractor.summarize(bytes: bytes)
            let c = FactComparer.compare(path: file, modlint: mine, oracle: oracle.summary,
                                         oracleHadSyntaxErrors: oracle.hasSyntaxErrors)
            print("\(file): \(c.agrees ? "agrees" : "differs [" + c.categories.joined(separator: ", ") + "]")")
            for l in c.oracleOnly { print("  - " + l) }
            for l in c.modlintOnly { print("  + " + l) }
            if !c.agrees { status = 1 }
        } else {
            print("\(file)\(oracle.hasSyntaxErrors ? " (syntax errors)" : "")")
            for i in oracle.summary.imports { print("  import  " + FactNormalizer.key(i)) }
            for d in oracle.summary.declarations { print("  decl    " + FactNormalizer.key(d)) }
        }
    }
    return status
}

exit(run())
