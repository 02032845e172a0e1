// modlint-accuracy: modlint's facts and manifests against references.
//   source facts  vs the swift-syntax oracle (target ≥ 99.9 % of files identical)
//   manifests     vs `swift package dump-package` (target ≥ 98 % of package directories)
// Usage: modlint-accuracy [--corpus DIR] [--only facts|manifests] [--show N]
//                         [--threads N] [--no-cache] [--strict]
import BenchKit
import Foundation
import ModlintFacts
import ModlintManifest
import ModlintTokenizer

enum Help {
    static let usage = """
usage: modlint-accuracy [--corpus DIR] [--only facts|manifests] [--show N] [--threads N] [--line-at start|keyword] [--no-cache] [--all-variants] [--strict]
  --corpus DIR   corpus made by ../shared/scripts/corpus.sh (default $MODLINT_CORPUS or /tmp/modlint-corpus)
  --show N       print the first N disagreements of each kind (default 20)
  --threads N    worker threads (default 2)
  --line-at P    which line a fact has: start (first attribute/modifier/keyword, default)
                 or keyword (the `import`/`class`/… keyword)
  --no-cache     re-run `swift package dump-package` instead of using the cache
                 ($MODLINT_BENCH_CACHE, default <tmp>/modlint-bench-cache)
  --all-variants also compare the Package@swift-* files SwiftPM would not load here
                 (each dumped alone from a copy in the cache folder)
  --strict       exit 1 when a ratio is below its target
"""
}

func stderrPrint(_ s: String) { FileHandle.standardError.write((s + "\n").data(using: .utf8)!) }

func main() -> Int32 {
    let args: Arguments
    do {
        args = try Arguments(valued: ["--corpus", "--only", "--show", "--threads", "--line-at"])
        if args.flags.contains("--help") || args.flags.contains("-h") { print(Help.usage); return 0 }
        let known: Set<String> = ["--no-cache", "--strict", "--all-variants"]
        if let bad = args.flags.subtracting(known).first { throw BenchError("unknown option \(bad)\n\(Help.usage)") }
    } catch {
        stderrPrint("\(error)"); return 2
    }
    do {
        let corpus = try Corpus.load(root: Corpus.defaultRoot(args.options["--corpus"]))
        let show = try args.int("--show", default: 20)
        let threads = try args.int("--threads", default: 2)
        let only = args.options["--only"]
        guard let lineAt = SyntaxOracle.LinePosition(rawValue: args.options["--line-at"] ?? "start") else {
            throw BenchError("--line-at expects start or keyword")
        }
        var below = false
        if only == nil || only == "facts" {
            below = !checkFacts(corpus, show: show, threads: threads, lineAt: lineAt) || below
        }
        if only == nil || only == "manifests" {
            if only == nil { print("") }
            below = !checkManifests(corpus, show: show, threads: threads, useCache: !args.flags.contains("--no-cache"),
                                    allVariants: args.flags.contains("--all-variants")) || below
        }
        return below && args.flags.contains("--strict") ? 1 : 0
    } catch {
        stderrPrint("modlint-accuracy: \(error)"); return 2
    }
}

func relative(_ path: String, _ root: String) -> String {
    path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
}

func printCategories(_ counts: [String: (items: Int, files: Int)], unit: String) {
    guard !counts.isEmpty else { return }
    print("disagreements by category (\(unit) / files):")
    for (name, c) in counts.sorted(by: { $0.value.files != $1.value.files ? $0.value.files > $1.value.files : $0.key < $1.key }) {
        print("  \(pad(name, 22)) \(pad(String(c.items), 8, right: true)) \(pad(String(c.files), 7, right: true))")
    }
}

// MARK: - Source facts

func checkFacts(_ corpus: Corpus, show: Int, threads: Int, lineAt: SyntaxOracle.LinePosition) -> Bool {
    let files = corpus.swiftFiles
    print("== Source facts: modlint FactExtractor vs swift-syntax oracle ==")
    let slots = ResultSlots<FileComparison>(count: files.count)
    let counts = ResultSlots<(Int, Int, Int, Int)>(count: files.count)
    // The lexer hints' shortcuts: files the DI pass skips, and those where the full DI
    // scan or the suppression reader without a hint would have found more (must be none).
    let shortcuts = ResultSlots<(skipped: Bool, missed: Bool)>(count: files.count)
    let start = now()
    parallelFor(files.count, threads: threads, chunk: 4) { i in
        guard let bytes = readFileBytes(files[i]) else {
            var c = FileComparison(path: files[i])
            c.oracleOnly = ["(unreadable file)"]; c.categories = ["unreadable"]
            slots[i] = c
            return
        }
        let mine = FactExtractor.summarize(bytes: bytes)
        let source = TokenizedSource(bytes: bytes, options: FactExtractor.tokenizerOptions)
        let skipped = !DIExtractor.mayFindFacts(in: source, imports: mine.imports)
        // Suppressions are read only where the lexer saw a comment starting with `modlint:`.
        let suppressionsMissed = mine.suppressions != SuppressionExtractor.extract(bytes: bytes)
        shortcuts[i] = (skipped, skipped && !DIExtractor.extractScanningAlways(source, imports: mine.imports, declarations: mine.declarations).isEmpty || suppressionsMissed)
        let oracle = SyntaxOracle.summarize(bytes: bytes, fileName: files[i], lineAt: lineAt)
        slots[i] = FactComparer.compare(path: files[i], modlint: mine, oracle: oracle.summary,
                                        oracleHadSyntaxErrors: oracle.hasSyntaxErrors)
        counts[i] = (oracle.summary.imports.count, oracle.summary.declarations.count,
                     mine.imports.count, mine.declarations.count)
    }
    let elapsed = now() - start
    let results = slots.values.map { $0! }
    let totals = counts.values.reduce((0, 0, 0, 0)) { acc, c in
        guard let c else { return acc }
        return (acc.0 + c.0, acc.1 + c.1, acc.2 + c.2, acc.3 + c.3)
    }
    let agreeing = results.filter(\.agrees).count
    let ratio = files.isEmpty ? 0 : Double(agreeing) / Double(files.count) * 100
    let pass = ratio >= 99.9
    print("files: \(files.count)   agree: \(agreeing)   ratio: \(fmt(ratio, 3)) %   target ≥ 99.9 %   \(pass ? "PASS" : "MISS")")
    print("facts (oracle / modlint): imports \(totals.0) / \(totals.2), declarations \(totals.1) / \(totals.3)   [\(fmt(elapsed, 1)) s, \(threads) threads]")
    let shortcutResults = shortcuts.values.compactMap { $0 }
    let missed = zip(files, shortcuts.values).filter { $0.1?.missed == true }.map(\.0)
    print("DI shortcut: \(shortcutResults.filter(\.skipped).count) of \(files.count) files skip the DI scan; "
          + "files where the full DI scan or suppression reading finds more: \(missed.count)   target 0   \(missed.isEmpty ? "PASS" : "MISS")")
    for path in missed.prefix(show) { print("  missed: \(relative(path, corpus.root))") }
    let syntaxErrors = results.filter(\.oracleHadSyntaxErrors)
    print("files where swift-syntax reports syntax errors: \(syntaxErrors.count) (\(syntaxErrors.filter { !$0.agrees }.count) of them disagree)")
    var categories: [String: (items: Int, files: Int)] = [:]
    for r in results where !r.agrees {
        var perFile: [String: Int] = [:]
        for c in r.categories { perFile[c, default: 0] += 1 }
        for (c, n) in perFile { categories[c, default: (0, 0)].items += n; categories[c, default: (0, 0)].files += 1 }
    }
    printCategories(categories, unit: "facts")
    let disagreeing = results.filter { !$0.agrees }
    if !disagreeing.isEmpty && show > 0 {
        print("first \(min(show, disagreeing.count)) of \(disagreeing.count) disagreeing files (- swift-syntax only, + modlint only):")
        for r in disagreeing.prefix(show) {
            var perFile: [String: Int] = [:]
            for c in r.categories { perFile[c, default: 0] += 1 }
            let summary = perFile.sorted { $0.key < $1.key }.map { "\($0.key)×\($0.value)" }.joined(separator: ", ")
            print("  \(relative(r.path, corpus.root))\(r.oracleHadSyntaxErrors ? " (syntax errors)" : "")  [\(summary)]")
            let lines = r.oracleOnly.map { "    - " + $0 } + r.modlintOnly.map { "    + " + $0 }
            for l in lines.prefix(12) { print(l) }
            if lines.count > 12 { print("    … \(lines.count - 12) more") }
        }
    }
    return pass && missed.isEmpty
}

// MARK: - Manifests

func checkManifests(_ corpus: Corpus, show: Int, threads: Int, useCache: Bool, allVariants: Bool) -> Bool {
    print("== Manifests: modlint ManifestReader vs swift package dump-package ==")
    var byDirectory: [String: [String]] = [:]
    for m in corpus.manifests {
        let dir = (m as NSString).deletingLastPathComponent
        byDirectory[dir, default: []].append((m as NSString).lastPathComponent)
    }
    let directories = byDirectory.keys.sorted()
    let filesByDirectory = byDirectory
    let (toolchainLine, toolchain) = DumpPackageRunner.toolchain()
    let runner = DumpPackageRunner(cacheDirectory: DumpPackageRunner.defaultCacheDirectory, toolchainDescription: toolchainLine)
    let chosen: [String?] = directories.map { dir in
        ManifestSelection.choose(files: byDirectory[dir]!, toolchain: toolchain) { readFileBytes(dir + "/" + $0) }
    }
    // modlint's own choice (ManifestLocator) must match the harness' model of SwiftPM.
    let locatorDisagreements = directories.enumerated().filter { index, dir in
        ManifestLocator.select(in: byDirectory[dir]!, toolsVersion: toolchain) { readFileBytes(dir + "/" + $0) } != chosen[index]
    }.map { relative($0.element, corpus.root) }
    print("manifest choice: modlint's ManifestLocator agrees on \(directories.count - locatorDisagreements.count) of \(directories.count) package directories"
          + (locatorDisagreements.isEmpty ? "" : " (differs: \(locatorDisagreements.joined(separator: ", ")))"))
    let variants = directories.filter { dir in byDirectory[dir]!.count > 1 }.count
    print("manifest files: \(corpus.manifests.count) in \(directories.count) package directories (\(variants) with Package@swift-* variants; \(allVariants ? "all variants compared" : "the one SwiftPM \(toolchain.map(String.init).joined(separator: ".")) loads is compared"))")
    // Jobs: the chosen manifest of every directory, run in place; with --all-variants also
    // every other Package@swift-* file, copied alone as Package.swift into a cache folder.
    struct Job: Sendable { var manifest: String; var runDirectory: String; var files: [String] }
    var jobs: [Job] = []
    var failures: [(String, String)] = []
    for (i, dir) in directories.enumerated() {
        guard let file = chosen[i] else { failures.append((dir, "no Package.swift")); continue }
        jobs.append(Job(manifest: dir + "/" + file, runDirectory: dir, files: filesByDirectory[dir]!))
        guard allVariants else { continue }
        for other in filesByDirectory[dir]! where other != file {
            guard let bytes = readFileBytes(dir + "/" + other) else { continue }
            var h = FNV1a64(); h.add(bytes)
            let copy = runner.cacheDirectory + "/variants/" + h.hex
            try? FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: copy + "/Package.swift", contents: Data(bytes))
            jobs.append(Job(manifest: dir + "/" + other, runDirectory: copy, files: ["Package.swift"]))
        }
    }
    let outcomes = ResultSlots<DumpPackageRunner.Outcome>(count: jobs.count)
    let jobList = jobs
    let start = now()
    parallelFor(jobList.count, threads: threads, chunk: 1) { i in
        outcomes[i] = runner.dump(directory: jobList[i].runDirectory, manifestFiles: jobList[i].files, useCache: useCache)
    }
    let dumpTime = now() - start
    var compared: [ManifestComparison] = []
    var cachedCount = 0
    for (i, job) in jobList.enumerated() {
        switch outcomes[i]! {
        case .failed(let message):
            failures.append((job.manifest, message))
        case .json(let data, let cached):
            if cached { cachedCount += 1 }
            do {
                let reference = try NormalizedManifest(dumpPackageJSON: data)
                let bytes = readFileBytes(job.manifest) ?? []
                // Path dependencies resolve against the manifest's real directory, as in SwiftPM.
                let directory = (job.manifest as NSString).deletingLastPathComponent
                // dump-package evaluates for the machine it runs on: compare with that environment.
                let mine = NormalizedManifest(ManifestReader(environment: .host).read(bytes: bytes, packageDirectory: directory))
                compared.append(ManifestComparison(path: job.manifest, modlint: mine, reference: reference))
            } catch {
                failures.append((job.manifest, "\(error)"))
            }
        }
    }
    print("dump-package: \(compared.count) ok (\(cachedCount) from cache, \(fmt(dumpTime, 1)) s), \(failures.count) failed (not counted)")
    for (path, message) in failures.prefix(show) {
        print("  failed: \(relative(path, corpus.root)): \(message.split(separator: "\n").first ?? "")")
    }
    let agreeing = compared.filter(\.agrees).count
    let ratio = compared.isEmpty ? 0 : Double(agreeing) / Double(compared.count) * 100
    let pass = ratio >= 98
    print("manifests: \(compared.count)   agree: \(agreeing)   ratio: \(fmt(ratio, 2)) %   target ≥ 98 %   \(pass ? "PASS" : "MISS")")
    var categories: [String: (items: Int, files: Int)] = [:]
    for c in compared where !c.agrees {
        var perFile: [String: Int] = [:]
        for d in c.differences { perFile[d.category, default: 0] += 1 }
        for (k, n) in perFile { categories[k, default: (0, 0)].items += n; categories[k, default: (0, 0)].files += 1 }
    }
    printCategories(categories, unit: "items")
    let disagreeing = compared.filter { !$0.agrees }
    if !disagreeing.isEmpty && show > 0 {
        print("first \(min(show, disagreeing.count)) of \(disagreeing.count) disagreeing manifests:")
        for c in disagreeing.prefix(show) {
            print("  \(relative(c.path, corpus.root))")
            for d in c.differences.prefix(10) { print("    \(d.category): \(d.detail)") }
            if c.differences.count > 10 { print("    … \(c.differences.count - 10) more") }
        }
    }
    return pass
}

exit(main())
