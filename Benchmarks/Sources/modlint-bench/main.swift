// modlint-bench: one run, one machine, one table — modlint vs the read floor, swift-syntax
// and `swift package dump-package`, checked against the DESIGN.md performance targets.
// Usage: modlint-bench [--corpus DIR] [--modlint PATH] [--lint-root DIR] [--threads N]
//                      [--dump-samples N] [--xcode-only] [--extract-only]
import BenchKit
import ModlintXcode
import ModlintBazel
import ModlintCocoaPods
import Foundation
import ModlintFacts
import ModlintManifest
import ModlintTokenizer
import SwiftParser

enum Help {
    static let usage = """
usage: modlint-bench [--corpus DIR] [--modlint PATH] [--reference PATH] [--lint-root DIR] [--threads N] [--dump-samples N]
  --corpus DIR       corpus made by ../shared/scripts/corpus.sh (default $MODLINT_CORPUS or /tmp/modlint-corpus)
  --modlint PATH     also time `PATH lint <lint-root> --reporter json` (median of 5, peak RSS)
  --reference PATH   also time a reference binary's cold run, alternating with --modlint's
                     (9 pairs, medians of wall and CPU): a change's cost against a build of
                     an older commit, on the same machine in the same minutes
  --lint-root DIR    what to lint (default: the corpus directory)
  --threads N        threads for the parallel rows (default 2)
  --dump-samples N   manifests timed with `swift package dump-package` (default 8)
  --xcode-only       time only the Xcode project reader (the corpus's projects and a large synthetic one)
  --extract-only     time each pass of tokenize + extract on one thread (where the per-core rate goes)
"""
}

struct Row {
    var name: String
    var seconds: Double
    var bytes: Int
    var files: Int
    var note: String = ""
}

struct Target {
    var name: String
    var measured: String
    var goal: String
    var pass: Bool?
}

func loadAverage() -> String {
    var loads = [Double](repeating: 0, count: 3)
    guard getloadavg(&loads, 3) == 3 else { return "?" }
    return loads.map { fmt($0, 2) }.joined(separator: " ")
}

/// This process's peak RSS in bytes.
func selfMaxRSS() -> Int {
    var usage = rusage()
    #if canImport(Darwin)
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss)
    #else
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss) * 1024
    #endif
}

func stderrPrint(_ s: String) { FileHandle.standardError.write((s + "\n").data(using: .utf8)!) }

/// Best of `runs` (fewer when a run is slow), so a single slow run costs no more time.
func best(runs: Int = 3, slowAfter: Double = 2.0, _ body: () -> Void) -> Double {
    var bestTime = Double.infinity
    for i in 0..<runs {
        let t = measure(body)
        bestTime = min(bestTime, t)
        if i == 0 && t > slowAfter { break }
    }
    return bestTime
}

/// Runs of each `modlint lint` scenario: DESIGN.md's targets are medians, and on these
/// noisy machines one run's time says little.
let scenarioRuns = 5

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

final class Sink: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func add(_ n: Int) { lock.lock(); value &+= n; lock.unlock() }
    var total: Int { lock.lock(); defer { lock.unlock() }; return value }
}

func main() -> Int32 {
    let args: Arguments
    do {
        args = try Arguments(valued: ["--corpus", "--modlint", "--reference", "--lint-root", "--threads", "--dump-samples"])
        if args.flags.contains("--help") { print(Help.usage); return 0 }
        if let bad = args.flags.first(where: { $0 != "--xcode-only" && $0 != "--extract-only" && $0 != "--descriptions-only" }) { throw BenchError("unknown option \(bad)\n\(Help.usage)") }
    } catch { stderrPrint("\(error)"); return 2 }
    if args.flags.contains("--descriptions-only") {
        // The spec readers alone, for profiling: 1,000 podspecs and 1,000 BUILD files.
        var sink = 0
        let pods = best(runs: 5) { sink &+= SyntheticDescriptions.readPods(count: 1_000) }
        let bazel = best(runs: 5) { sink &+= SyntheticDescriptions.readBuildFiles(count: 1_000) }
        print("podspecs + Podfile (1000): \(fmt(pods * 1000, 1)) ms; BUILD files with a macro (1000): \(fmt(bazel * 1000, 1)) ms (checksum \(sink))")
        return 0
    }
    do {
        let corpus = try Corpus.load(root: Corpus.defaultRoot(args.options["--corpus"]))
        if args.flags.contains("--xcode-only") {
            let (projects, count, large, size) = xcodeTimes(corpus)
            print("Xcode projects (\(count), read+model): \(fmt(projects * 1000, 2)) ms; large pbxproj (\(size / 1_000) KB, 10k files): \(fmt(large * 1000, 2)) ms")
            return 0
        }
        if args.flags.contains("--extract-only") {
            printPassTimes(corpus)
            return 0
        }
        let threads = try args.int("--threads", default: 2)
        let samples = try args.int("--dump-samples", default: 8)
        try run(corpus, threads: threads, samples: samples, modlint: args.options["--modlint"],
                reference: args.options["--reference"], lintRoot: args.options["--lint-root"] ?? corpus.root)
        return 0
    } catch {
        stderrPrint("modlint-bench: \(error)"); return 2
    }
}

func run(_ corpus: Corpus, threads: Int, samples: Int, modlint: String?, reference: String? = nil, lintRoot: String) throws {
    let paths = corpus.swiftFiles
    print("modlint-bench — corpus \(corpus.root): \(paths.count) files, \(corpus.manifests.count) manifests; \(ProcessInfo.processInfo.activeProcessorCount) cores, load average \(loadAverage())")
    defer { print("load average at the end: \(loadAverage()) (above ~0.5 before the run means other work competed: timings are noisy)") }

    // modlint lint, as a child process — first, while this process is still small: Linux
    // carries the parent's peak RSS into a posix_spawn (vfork) child's ru_maxrss at exec,
    // so the measured peak is max(child's peak, this process's RSS at spawn time).
    var lint: (wall: Double, rss: Int, first: Double, status: Int32)?
    var warm: (wall: Double, status: Int32)?
    var warmRSS = 0
    var edits: [(name: String, wall: Double, rss: Int)] = []
    var synthetic: [(name: String, wall: Double, rss: Int, goal: Double?)] = []
    var memoryBase = 0
    var memoryScale: [(files: Int, wall: Double, rss: Int)] = []
    var diagrams: [(name: String, wall: Double, bytes: Int?)] = []
    var spawnFloor = 0
    // The first run analyses both sides with an empty cache (as `lint`'s first run with a
    // cache, which no row measures); the targets judge the cached run.
    var diff: (first: Double, firstRSS: Int, cached: Double, lint: Double, rss: Int, status: Int32)?
    // Paired against a reference binary: alternating runs, so both see the same machine.
    var paired: (wall: Double, cpu: Double, referenceWall: Double, referenceCPU: Double)?
    if let modlint, let reference {
        stderrPrint("\(modlint) and \(reference) lint --no-cache, alternating × 9 …")
        var walls: [Double] = [], cpus: [Double] = [], referenceWalls: [Double] = [], referenceCPUs: [Double] = []
        for round in 0..<9 {
            // Who goes first alternates too: the first of a pair finds a colder page cache.
            for binary in round % 2 == 0 ? [modlint, reference] : [reference, modlint] {
                let r = try runProcess(binary, ["lint", lintRoot, "--reporter", "json", "--no-cache"], discardOutput: true)
                if binary == modlint { walls.append(r.wall); cpus.append(r.cpu) } else { referenceWalls.append(r.wall); referenceCPUs.append(r.cpu) }
            }
        }
        paired = (median(walls), median(cpus), median(referenceWalls), median(referenceCPUs))
    }
    if let modlint {
        // A full run: no cache, every file lexed (median of 5: the targets are medians).
        stderrPrint("\(modlint) lint --no-cache × \(scenarioRuns) …")
        var walls: [Double] = [], rss = 0, status: Int32 = 0
        for _ in 0..<scenarioRuns {
            let r = try runProcess(modlint, ["lint", lintRoot, "--reporter", "json", "--no-cache"], discardOutput: true)
            walls.append(r.wall); rss = max(rss, r.maxRSS); status = r.status
        }
        lint = (median(walls), rss, walls[0], status)
        // The pre-commit case: a warm cache on an unchanged tree (one run fills it).
        stderrPrint("\(modlint) lint, warm cache × \(scenarioRuns) …")
        let cacheDirectory = NSTemporaryDirectory() + "modlint-bench-cache-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: cacheDirectory) }
        _ = try runProcess(modlint, ["lint", lintRoot, "--reporter", "json", "--cache-dir", cacheDirectory], discardOutput: true)
        var warmWalls: [Double] = [], warmStatus: Int32 = 0
        for _ in 0..<scenarioRuns {
            let r = try runProcess(modlint, ["lint", lintRoot, "--reporter", "json", "--cache-dir", cacheDirectory], discardOutput: true)
            warmWalls.append(r.wall); warmStatus = r.status
        }
        warm = (median(warmWalls), warmStatus)
        warmRSS = try runProcess(modlint, ["lint", lintRoot, "--reporter", "json", "--cache-dir", cacheDirectory], discardOutput: true).maxRSS

        // The pre-commit cases that matter: one file edited (a comment; a new import).
        // Each run edits the file anew, so the stored result never answers; restored after.
        // The file must be built by a target: an edit to a playground page or any other
        // file in no target changes no fact, and the stored result rightly answers.
        let builtByATarget = { (path: String) in
            path.hasPrefix(lintRoot) && path.contains("/Sources/") && !path.contains("/.build/") && !path.contains(".playground/")
        }
        if let edited = paths.first(where: builtByATarget), let original = readFileBytes(edited) {
            defer { _ = FileManager.default.createFile(atPath: edited, contents: Data(original)) }
            for (name, line) in [("one file edited (comment)", "// modlint-bench edit"), ("one file edited (new import)", "import ModlintBenchEdit")] {
                stderrPrint("\(modlint) lint, \(name) × \(scenarioRuns) …")
                var walls: [Double] = [], rss = 0
                for round in 0..<scenarioRuns {
                    let text = Data(original) + Data("\n\(line)\(round)\n".utf8)
                    _ = FileManager.default.createFile(atPath: edited, contents: text)
                    let r = try runProcess(modlint, ["lint", lintRoot, "--reporter", "json", "--cache-dir", cacheDirectory], discardOutput: true)
                    walls.append(r.wall); rss = max(rss, r.maxRSS)
                }
                edits.append((name, median(walls), rss))
            }
        }

        // `modlint diff` against a commit of the corpus, one file of the work tree edited (a new
        // import), both sides cached, against the cached lint of the same tree. The
        // repository's git folder lies outside the corpus (GIT_DIR, GIT_WORK_TREE): nothing
        // is written into it.
        if let edited = paths.first(where: builtByATarget), let original = readFileBytes(edited) {
            let gitDirectory = NSTemporaryDirectory() + "modlint-bench-git-\(getpid())"
            setenv("GIT_DIR", gitDirectory, 1)
            setenv("GIT_WORK_TREE", lintRoot, 1)
            defer {
                unsetenv("GIT_DIR")
                unsetenv("GIT_WORK_TREE")
                try? FileManager.default.removeItem(atPath: gitDirectory)
                _ = FileManager.default.createFile(atPath: edited, contents: Data(original))
            }
            stderrPrint("committing the corpus to a git folder outside it …")
            _ = try runProcess("git", ["init", "-q"], discardOutput: true)
            _ = try runProcess("git", ["add", "-A"], discardOutput: true)
            _ = try runProcess("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "corpus"], discardOutput: true)
            _ = FileManager.default.createFile(atPath: edited, contents: Data(original) + Data("\nimport ModlintBenchDiff\n".utf8))
            // Both caches filled once: the diff's base snapshot and the work tree's.
            _ = try runProcess(modlint, ["lint", lintRoot, "--reporter", "json", "--cache-dir", cacheDirectory], discardOutput: true)
            let arguments = ["diff", "HEAD", "-C", lintRoot, "--format", "json", "--cache-dir", cacheDirectory]
            stderrPrint("\(modlint) diff HEAD, first run, then cached × \(scenarioRuns) …")
            let first = try runProcess(modlint, arguments, discardOutput: true)
            var lintWalls: [Double] = [], diffWalls: [Double] = [], rss = 0, status = first.status
            for _ in 0..<scenarioRuns {
                lintWalls.append(try runProcess(modlint, ["lint", lintRoot, "--reporter", "json", "--cache-dir", cacheDirectory], discardOutput: true).wall)
                let run = try runProcess(modlint, arguments, discardOutput: true)
                diffWalls.append(run.wall); rss = max(rss, run.maxRSS); status = run.status
            }
            diff = (first.wall, first.maxRSS, median(diffWalls), median(lintWalls), rss, status)
        }

        // Scale: 10,000 targets in one package, and the same spread over 200 packages.
        for (name, packages, perPackage, goal) in [("10,000 targets in one package", 1, 10_000, 2.0 as Double?),
                                                   ("10,000 targets in 200 packages", 200, 50, nil)] {
            let root = NSTemporaryDirectory() + "modlint-bench-scale-\(getpid())-\(packages)"
            defer { try? FileManager.default.removeItem(atPath: root) }
            SyntheticWorkspace.write(root: root, packages: packages, targetsPerPackage: perPackage)
            stderrPrint("\(modlint) lint --no-cache, \(name) …")
            let r = try runProcess(modlint, ["lint", root, "--reporter", "json", "--no-cache"], discardOutput: true)
            synthetic.append((name, r.wall, r.maxRSS, goal))
        }
        // A generated-project workspace: 50 Tuist projects read from their specs, then
        // answered from the cache without evaluating a spec.
        let tuistRoot = NSTemporaryDirectory() + "modlint-bench-tuist-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: tuistRoot) }
        SyntheticTuistWorkspace.write(root: tuistRoot, projects: 50)
        stderrPrint("\(modlint) lint, 50 Tuist projects …")
        let tuistCold = try runProcess(modlint, ["lint", tuistRoot, "--reporter", "json", "--no-cache"], discardOutput: true)
        synthetic.append(("50 Tuist projects, --no-cache", tuistCold.wall, tuistCold.maxRSS, nil))
        _ = try runProcess(modlint, ["lint", tuistRoot, "--reporter", "json", "--cache-dir", cacheDirectory], discardOutput: true)
        let tuistWarm = try runProcess(modlint, ["lint", tuistRoot, "--reporter", "json", "--cache-dir", cacheDirectory], discardOutput: true)
        synthetic.append(("50 Tuist projects, warm cache", tuistWarm.wall, tuistWarm.maxRSS, 0.1))
        spawnFloor = selfMaxRSS()

        // Memory at scale: cold runs over generated workspaces of 10k, 50k and 100k Swift
        // files (1,000 modules in 50 packages; `scripts/generate-workspace.py`: each file a
        // class with dependencies, methods and an extension, ~1.2 KB), against the run of
        // an empty folder (the fixed base).
        let emptyRoot = NSTemporaryDirectory() + "modlint-bench-empty-\(getpid())"
        try? FileManager.default.createDirectory(atPath: emptyRoot, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: emptyRoot) }
        memoryBase = try runProcess(modlint, ["lint", emptyRoot, "--no-cache"], discardOutput: true).maxRSS
        for files in [10_000, 50_000, 100_000] {
            let root = NSTemporaryDirectory() + "modlint-bench-memory-\(getpid())-\(files)"
            defer { try? FileManager.default.removeItem(atPath: root) }
            stderrPrint("generating \(files) files, then \(modlint) lint --no-cache …")
            _ = try runProcess("/usr/bin/env", ["python3", "scripts/generate-workspace.py", root, "1000", "--files-per-module", "\(files / 1000)"],
                               discardOutput: true)
            let run = try runProcess(modlint, ["lint", root, "--reporter", "json", "--no-cache"], discardOutput: true)
            memoryScale.append((files, run.wall, run.maxRSS))
        }
        // Diagrams at scale: a 1,000-module workspace as SVG (every view) and as the report.
        let diagramRoot = NSTemporaryDirectory() + "modlint-bench-diagram-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: diagramRoot) }
        _ = try runProcess("/usr/bin/env", ["python3", "scripts/generate-workspace.py", diagramRoot, "1000", "--violations", "--cross", "0.7"],
                           discardOutput: true)
        for view in ["modules", "packages", "imports", "di", "spezi"] {
            stderrPrint("\(modlint) graph --view \(view) --format svg, 1,000 modules …")
            let run = try runProcess(modlint, ["graph", diagramRoot, "--view", view, "--format", "svg", "-o", diagramRoot + "/\(view).svg"],
                                     discardOutput: true)
            diagrams.append(("SVG, \(view) view, 1,000 modules", run.wall, nil))
        }
        let report = try runProcess(modlint, ["report", diagramRoot, "-o", diagramRoot + "/report.html"], discardOutput: true)
        let reportSize = (try? FileManager.default.attributesOfItem(atPath: diagramRoot + "/report.html")[.size] as? Int) ?? 0
        diagrams.append(("report, 1,000 modules", report.wall, reportSize))
    }

    // Read floor (the first pass warms the page cache and is not counted).
    var contents: [[UInt8]] = []
    _ = measure { contents = paths.map { readFileBytes($0) ?? [] } }
    let readTime = best(runs: 3) {
        var n = 0
        for p in paths { n &+= readFileBytes(p)?.count ?? 0 }
        precondition(n >= 0)
    }
    let totalBytes = contents.reduce(0) { $0 + $1.count }
    let mb = Double(totalBytes) / 1e6
    var rows: [Row] = [Row(name: "read all files (floor)", seconds: readTime, bytes: totalBytes, files: paths.count)]
    print("corpus bytes: \(fmt(mb, 1)) MB")

    let files = contents
    let sink = Sink()
    // modlint: tokenize + extract.
    let modlint1 = best {
        var n = 0
        for f in files {
            let s = FactExtractor.summarize(bytes: f)
            n &+= s.imports.count &+ s.declarations.count &+ s.lineCount
        }
        sink.add(n)
    }
    rows.append(Row(name: "modlint tokenize+extract, 1 thread", seconds: modlint1, bytes: totalBytes, files: files.count))
    let modlintN = best {
        parallelFor(files.count, threads: threads, chunk: 16) { i in
            let s = FactExtractor.summarize(bytes: files[i])
            sink.add(s.imports.count &+ s.declarations.count &+ s.lineCount)
        }
    }
    rows.append(Row(name: "modlint tokenize+extract, \(threads) threads", seconds: modlintN, bytes: totalBytes, files: files.count))

    // swift-syntax: parse + the oracle's walk (one run each: they are slow).
    stderrPrint("swift-syntax, 1 thread …")
    let syntax1 = measure {
        var n = 0
        for f in files { n &+= SyntaxOracle.summarize(bytes: f).summary.declarations.count }
        sink.add(n)
    }
    rows.append(Row(name: "swift-syntax parse+walk, 1 thread", seconds: syntax1, bytes: totalBytes, files: files.count))
    stderrPrint("swift-syntax, \(threads) threads …")
    let syntaxN = measure {
        parallelFor(files.count, threads: threads, chunk: 4) { i in
            sink.add(SyntaxOracle.summarize(bytes: files[i]).summary.declarations.count)
        }
    }
    rows.append(Row(name: "swift-syntax parse+walk, \(threads) threads", seconds: syntaxN, bytes: totalBytes, files: files.count))

    // Manifests: modlint reads all of them; dump-package runs on a sample.
    let manifestPaths = corpus.manifests
    let manifestTime = best(runs: 5) {
        var n = 0
        for p in manifestPaths {
            let m = ManifestReader().read(bytes: readFileBytes(p) ?? [])
            n &+= m.targets.count &+ m.products.count
        }
        sink.add(n)
    }
    var directories: [String] = []
    for m in manifestPaths {
        let dir = (m as NSString).deletingLastPathComponent
        if directories.last != dir { directories.append(dir) }
    }
    directories = Array(Set(directories)).sorted()
    let step = max(1, directories.count / max(1, samples))
    let sample = stride(from: step / 2, to: directories.count, by: step).prefix(samples).map { directories[$0] }
    stderrPrint("swift package dump-package × \(sample.count) …")
    var dumpTimes: [Double] = []
    for dir in sample {
        let r = try runProcess("swift", ["package", "--package-path", dir, "dump-package"], discardOutput: true)
        if r.status == 0 { dumpTimes.append(r.wall) }
    }
    let dumpMean = dumpTimes.isEmpty ? .nan : dumpTimes.reduce(0, +) / Double(dumpTimes.count)

    let (projectTime, projectCount, largeTime, largeSize) = xcodeTimes(corpus)
    // Generated projects: a 50-project Tuist workspace's specs, evaluated with their helper.
    let tuistProjects = 50
    let tuistTime = best(runs: 5) { sink.add(SyntheticTuistWorkspace.readAll(projects: tuistProjects)) }
    // CocoaPods and Bazel: 1,000 podspecs (and a Podfile naming them), 1,000 BUILD files
    // through a wrapper macro, read in-process on one thread.
    let generatedDescriptions = 1_000
    let podTime = best(runs: 5) { sink.add(SyntheticDescriptions.readPods(count: generatedDescriptions)) }
    let bazelTime = best(runs: 5) { sink.add(SyntheticDescriptions.readBuildFiles(count: generatedDescriptions)) }

    // Table.
    print("")
    print("(in-process rows: best of 3; `modlint lint` rows: median of \(scenarioRuns) runs)")
    print("\(pad("measurement", 40)) \(pad("time", 10, right: true)) \(pad("MB/s", 9, right: true)) \(pad("files/s", 10, right: true))  vs modlint")
    print(String(repeating: "-", count: 86))
    for r in rows {
        let vs: String
        if r.name.hasPrefix("swift-syntax") {
            let mine = r.name.hasSuffix("1 thread") ? modlint1 : modlintN
            vs = "\(fmt(r.seconds / mine, 1))× slower"
        } else { vs = "" }
        print("\(pad(r.name, 40)) \(pad(fmt(r.seconds * 1000, 1) + " ms", 10, right: true)) \(pad(fmt(mb / r.seconds, 0), 9, right: true)) \(pad(fmt(Double(r.files) / r.seconds, 0), 10, right: true))  \(vs)")
    }
    print("\(pad("modlint manifests (\(manifestPaths.count), read+parse)", 40)) \(pad(fmt(manifestTime * 1000, 1) + " ms", 10, right: true))")
    let dumpAll = dumpMean * Double(directories.count)
    print("\(pad("dump-package, \(dumpTimes.count) sampled", 40)) \(pad(fmt(dumpMean * 1000, 0) + " ms", 10, right: true))   per manifest; × \(directories.count) package dirs ≈ \(fmt(dumpAll, 1)) s (\(fmt(dumpAll / manifestTime, 0))× modlint)")
    print("\(pad("Xcode projects (\(projectCount), read+model)", 40)) \(pad(fmt(projectTime * 1000, 1) + " ms", 10, right: true))")
    print("\(pad("large pbxproj (\(largeSize / 1_000) KB, 10k files)", 40)) \(pad(fmt(largeTime * 1000, 1) + " ms", 10, right: true))")
    print("\(pad("Tuist manifests (\(tuistProjects), with helpers)", 40)) \(pad(fmt(tuistTime * 1000, 1) + " ms", 10, right: true))")
    print("\(pad("podspecs + Podfile (\(generatedDescriptions))", 40)) \(pad(fmt(podTime * 1000, 1) + " ms", 10, right: true))")
    print("\(pad("BUILD files with a macro (\(generatedDescriptions))", 40)) \(pad(fmt(bazelTime * 1000, 1) + " ms", 10, right: true))")
    if let lint {
        let note = lint.status == 0 || lint.status == 1 ? "" : "  (exit status \(lint.status)!)"
        print("\(pad("modlint lint --no-cache (median)", 40)) \(pad(fmt(lint.wall * 1000, 1) + " ms", 10, right: true)) \(pad(fmt(mb / lint.wall, 0), 9, right: true)) \(pad(fmt(Double(paths.count) / lint.wall, 0), 10, right: true))  first run \(fmt(lint.first * 1000, 1)) ms, peak RSS \(lint.rss / 1_000_000) MB (floor \(spawnFloor / 1_000_000) MB)\(note)")
    }
    if let warm {
        print("\(pad("modlint lint, warm cache (median)", 40)) \(pad(fmt(warm.wall * 1000, 1) + " ms", 10, right: true))   unchanged tree: one walk + the stored result, peak RSS \(warmRSS / 1_000_000) MB")
    }
    for edit in edits {
        print("\(pad(edit.name + " (median)", 40)) \(pad(fmt(edit.wall * 1000, 1) + " ms", 10, right: true))   warm cache, peak RSS \(edit.rss / 1_000_000) MB")
    }
    if let diff {
        let note = diff.status == 0 ? "" : "  (exit status \(diff.status)!)"
        print("\(pad("modlint diff HEAD, cached (median)", 40)) \(pad(fmt(diff.cached * 1000, 1) + " ms", 10, right: true))   "
              + "cached lint of the same tree \(fmt(diff.lint * 1000, 1)) ms, peak RSS \(diff.rss / 1_000_000) MB; first run (empty cache, "
              + "base written out of git) \(fmt(diff.first * 1000, 0)) ms, peak RSS \(diff.firstRSS / 1_000_000) MB\(note)")
    }
    for run in synthetic {
        print("\(pad(run.name, 40)) \(pad(fmt(run.wall * 1000, 1) + " ms", 10, right: true))   \(run.name.contains("warm") ? "" : "--no-cache, ")peak RSS \(run.rss / 1_000_000) MB")
    }
    if !memoryScale.isEmpty {
        print("")
        print("\(pad("memory at scale (lint --no-cache)", 40)) \(pad("wall", 10, right: true)) \(pad("peak RSS", 10, right: true)) \(pad("above base", 12, right: true)) \(pad("µs/file", 9, right: true))")
        print("\(pad("empty folder (the base)", 40)) \(pad("", 10)) \(pad("\(memoryBase / 1_000_000) MB", 10, right: true))")
        for run in memoryScale {
            let perFile = Double(run.rss - memoryBase) / Double(run.files) / 1000
            print("\(pad("\(run.files) Swift files", 40)) \(pad(fmt(run.wall, 2) + " s", 10, right: true)) \(pad("\(run.rss / 1_000_000) MB", 10, right: true)) "
                  + "\(pad(fmt(perFile, 2) + " KB/file", 12, right: true)) \(pad(fmt(run.wall / Double(run.files) * 1e6, 1), 9, right: true))")
        }
    }
    for diagram in diagrams {
        print("\(pad(diagram.name, 40)) \(pad(fmt(diagram.wall, 2) + " s", 10, right: true))\(diagram.bytes.map { "   \(fmt(Double($0) / 1e6, 1)) MB" } ?? "")")
    }
    print("(checksum \(sink.total))")

    // Targets from DESIGN.md.
    var targets: [Target] = [
        Target(name: "tokenize+extract per core", measured: "\(fmt(mb / modlint1, 0)) MB/s", goal: "≥ 250 MB/s", pass: mb / modlint1 >= 250),
        Target(name: "all manifests", measured: "\(fmt(manifestTime * 1000, 1)) ms", goal: "≤ 50 ms", pass: manifestTime <= 0.050),
        Target(name: "Xcode projects of the corpus (\(projectCount))", measured: "\(fmt(projectTime * 1000, 1)) ms", goal: "≤ 50 ms (as manifests)", pass: projectTime <= 0.050),
        Target(name: "synthetic pbxproj, 10k files", measured: "\(fmt(largeTime * 1000, 1)) ms", goal: "≤ 10 ms", pass: largeTime <= 0.010),
        Target(name: "Tuist workspace, \(tuistProjects) specs", measured: "\(fmt(tuistTime * 1000, 1)) ms", goal: "≤ 25 ms (well under 50)",
               pass: tuistTime <= 0.025),
        Target(name: "\(generatedDescriptions) podspecs + Podfile", measured: "\(fmt(podTime * 1000, 1)) ms", goal: "≤ 50 ms", pass: podTime <= 0.050),
        Target(name: "\(generatedDescriptions) BUILD files, one macro", measured: "\(fmt(bazelTime * 1000, 1)) ms", goal: "≤ 50 ms", pass: bazelTime <= 0.050),
    ]
    if let lint {
        targets += [
            Target(name: "modlint lint wall, \(threads) cores", measured: "\(fmt(lint.wall, 3)) s", goal: "≤ 0.5 s", pass: lint.wall <= 0.5),
            Target(name: "vs swift-syntax (\(threads) threads)", measured: "\(fmt(syntaxN / lint.wall, 1))× faster", goal: "≥ 8×", pass: syntaxN / lint.wall >= 8),
            Target(name: "vs read floor", measured: "\(fmt(lint.wall / readTime, 1))× the floor", goal: "≤ 10×", pass: lint.wall / readTime <= 10),
            Target(name: "peak memory, full run", measured: "\(lint.rss / 1_000_000) MB", goal: "≤ 150 MB", pass: lint.rss <= 150_000_000),
            Target(name: "warm pre-commit run (median)", measured: "\(fmt((warm?.wall ?? .nan) * 1000, 0)) ms", goal: "≤ 100 ms", pass: (warm?.wall ?? 1) <= 0.100),
        ]
        for edit in edits {
            targets.append(Target(name: edit.name, measured: "\(fmt(edit.wall * 1000, 0)) ms", goal: "≤ 150 ms", pass: edit.wall <= 0.150))
        }
        if let paired {
            targets.append(Target(name: "cold corpus vs --reference (paired wall)", measured: "\(fmt(paired.wall / paired.referenceWall, 2))× "
                                      + "(\(fmt(paired.wall * 1000, 0)) / \(fmt(paired.referenceWall * 1000, 0)) ms; CPU \(fmt(paired.cpu / paired.referenceCPU, 2))×)",
                                  goal: "≤ 1.00×", pass: paired.wall <= paired.referenceWall))
        }
        if let diff {
            targets.append(Target(name: "diff, cached, vs cached lint", measured: "\(fmt(diff.cached / diff.lint, 2))×", goal: "≤ 2×",
                                  pass: diff.cached <= 2 * diff.lint))
        }
        let peaks = [lint.rss, warmRSS] + edits.map(\.rss) + synthetic.map(\.rss) + [diff?.rss ?? 0]
        targets.append(Target(name: "peak RSS, every scenario", measured: "\((peaks.max() ?? 0) / 1_000_000) MB", goal: "≤ 150 MB",
                              pass: (peaks.max() ?? 0) <= 150_000_000))
        if let largest = memoryScale.last, let smallest = memoryScale.first {
            let perFile = Double(largest.rss - memoryBase) / Double(largest.files) / 1000
            targets.append(Target(name: "memory per file, \(largest.files) files", measured: "\(fmt(perFile, 2)) KB + base",
                                  goal: "≤ 2 KB + base", pass: perFile <= 2))
            targets.append(Target(name: "peak RSS, \(largest.files) files", measured: "\(largest.rss / 1_000_000) MB", goal: "≤ 250 MB",
                                  pass: largest.rss <= 250_000_000))
            let ratio = (largest.wall / Double(largest.files)) / (smallest.wall / Double(smallest.files))
            targets.append(Target(name: "time per file, \(largest.files) vs \(smallest.files)", measured: "\(fmt(ratio, 2))×", goal: "≤ 1.5× (linear)",
                                  pass: ratio <= 1.5))
        }
        for diagram in diagrams {
            let goal = diagram.bytes == nil ? 3.0 : 10.0
            targets.append(Target(name: diagram.name, measured: "\(fmt(diagram.wall, 2)) s", goal: "≤ \(fmt(goal, 0)) s", pass: diagram.wall <= goal))
        }
        for run in synthetic {
            targets.append(Target(name: run.name, measured: "\(fmt(run.wall, 2)) s", goal: run.goal.map { "≤ \(fmt($0, $0 < 1 ? 1 : 0)) s" } ?? "linear (compare)",
                                  pass: run.goal.map { run.wall <= $0 }))
        }
    } else {
        targets += [
            Target(name: "modlint lint wall / RSS / warm run", measured: "not run", goal: "pass --modlint PATH", pass: nil),
            Target(name: "extract (\(threads) thr) vs swift-syntax (\(threads) thr)", measured: "\(fmt(syntaxN / modlintN, 1))× faster", goal: "≥ 8× (proxy)", pass: syntaxN / modlintN >= 8),
        ]
    }
    print("")
    print("\(pad("target (DESIGN.md)", 42)) \(pad("measured", 18)) \(pad("goal", 20)) result")
    print(String(repeating: "-", count: 90))
    for t in targets {
        print("\(pad(t.name, 42)) \(pad(t.measured, 18)) \(pad(t.goal, 20)) \(t.pass.map { $0 ? "PASS" : "MISS" } ?? "-")")
    }
}

exit(main())

/// A classic-groups project of the size of a large app: `targets` framework targets, each
/// with a group of `filesPerTarget` Swift files in its Sources build phase.
enum SyntheticProject {
    static func text(targets: Int, filesPerTarget: Int) -> String {
        var objects = ""
        var targetIDs: [String] = []
        var groupIDs: [String] = []
        for t in 0..<targets {
            var fileIDs: [String] = []
            var buildIDs: [String] = []
            for f in 0..<filesPerTarget {
                let file = String(format: "F%05d%05d0000000000000", t, f), build = String(format: "B%05d%05d0000000000000", t, f)
                objects += "\t\t\(build) /* File\(f).swift in Sources */ = {isa = PBXBuildFile; fileRef = \(file) /* File\(f).swift */; };\n"
                objects += "\t\t\(file) /* File\(f).swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = \"File\(f).swift\"; sourceTree = \"<group>\"; };\n"
                fileIDs.append(file)
                buildIDs.append(build)
            }
            let group = String(format: "G%05d000000000000000000", t), phase = String(format: "S%05d000000000000000000", t)
            let target = String(format: "T%05d000000000000000000", t)
            objects += "\t\t\(group) /* Module\(t) */ = {\n\t\t\tisa = PBXGroup;\n\t\t\tchildren = (\n\(fileIDs.map { "\t\t\t\t\($0),\n" }.joined())\t\t\t);\n\t\t\tpath = Module\(t);\n\t\t\tsourceTree = \"<group>\";\n\t\t};\n"
            objects += "\t\t\(phase) /* Sources */ = {\n\t\t\tisa = PBXSourcesBuildPhase;\n\t\t\tfiles = (\n\(buildIDs.map { "\t\t\t\t\($0),\n" }.joined())\t\t\t);\n\t\t};\n"
            objects += "\t\t\(target) /* Module\(t) */ = {isa = PBXNativeTarget; buildPhases = (\(phase), ); dependencies = (); name = Module\(t); productType = \"com.apple.product-type.framework\"; };\n"
            targetIDs.append(target)
            groupIDs.append(group)
        }
        objects += "\t\tM0000000000000000000000 = {isa = PBXGroup; children = (\(groupIDs.joined(separator: ", ")), ); sourceTree = \"<group>\"; };\n"
        objects += "\t\tP0000000000000000000000 /* Project object */ = {isa = PBXProject; mainGroup = M0000000000000000000000; targets = (\(targetIDs.joined(separator: ", ")), ); };\n"
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 56;\n\tobjects = {\n\(objects)\t};\n\trootObject = P0000000000000000000000;\n}\n"
    }
}

/// Every project.pbxproj of the corpus, and one large synthetic project (40 targets × 250
/// files in classic groups), read and modelled: (corpus time, count, large time, large bytes).
/// Tokenize + extract split by pass, one thread, best of 3: the lexer alone, then each
/// pass over its tokens (what `FactExtractor.summarize` runs, in its order).
func printPassTimes(_ corpus: Corpus) {
    let files = corpus.swiftFiles.compactMap(readFileBytes)
    let megabytes = Double(files.reduce(0) { $0 + $1.count }) / 1e6
    let sources = files.map { TokenizedSource(bytes: $0, options: FactExtractor.tokenizerOptions) }
    let sink = Sink()
    let passes: [(String, () -> Void)] = [
        ("lex", { for file in files { sink.add(TokenizedSource(bytes: file, options: FactExtractor.tokenizerOptions).tokens.count) } }),
        ("declarations + imports", { for source in sources { sink.add(FactExtractor.summarizeDeclarations(source).declarations.count) } }),
        ("type references", { for source in sources { sink.add(referenceDigest(TypeReferenceExtractor.extract(source))) } }),
        ("bracket partners + DI", { for source in sources {
            let imports = FactExtractor.summarizeDeclarations(source).imports
            sink.add(DIExtractor.extract(source, imports: imports, partners: BracketPartners(source: source, tokens: source.tokens)).containerCalls.count)
        } }),
        ("Spezi", { for source in sources { sink.add(SpeziExtractor.extract(source, imports: []).configurations.count) } }),
        ("suppressions", { for file in files { sink.add(SuppressionExtractor.extract(bytes: file).count) } }),
        ("all (FactExtractor.summarize)", { for file in files { sink.add(FactExtractor.summarize(bytes: file).lineCount) } }),
    ]
    let tokenCount = sources.reduce(0) { $0 + $1.tokens.count }
    print("tokenize + extract by pass, 1 thread, \(files.count) files, \(fmt(megabytes, 1)) MB, \(tokenCount) tokens (the DI row includes a declarations pass for the imports)")
    for (name, body) in passes {
        let seconds = best(runs: 3, body)
        print("\(pad(name, 34)) \(pad(fmt(seconds * 1000, 1) + " ms", 10, right: true)) \(pad(fmt(megabytes / seconds, 0) + " MB/s", 11, right: true)) \(pad(fmt(seconds * 1e9 / Double(max(1, tokenCount)), 1) + " ns/token", 14, right: true))")
    }
    print("(checksum \(sink.total), tokens \(tokenDigest(sources)))")
}

/// FNV-1a over 64-bit values: the digests below show any change in what a pass produces.
struct Digest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    mutating func mix(_ word: UInt64) { value = (value ^ word) &* 0x0000_0100_0000_01B3 }
}

/// Every token's fields: shows any change in what the lexer produces.
func tokenDigest(_ sources: [TokenizedSource]) -> UInt64 {
    var digest = Digest()
    for source in sources {
        for token in source.tokens {
            digest.mix(UInt64(token.kind.rawValue) | UInt64(token.flags) << 8 | UInt64(token.marks) << 16)
            digest.mix(UInt64(UInt32(bitPattern: token.start)) | UInt64(UInt32(bitPattern: token.end)) << 32)
            digest.mix(UInt64(UInt32(bitPattern: token.line)) | UInt64(UInt32(bitPattern: source.conditions.condition(of: token))) << 32)
        }
        digest.mix(UInt64(source.lineCount))
    }
    return digest.value
}

/// A file's references (names and records): the checksum then shows a change
/// in what the pass finds, not only in how many.
func referenceDigest(_ list: TypeReferenceList) -> Int {
    var digest = Digest()
    for name in list.names { for byte in name.utf8 { digest.mix(UInt64(byte)) }; digest.mix(0x1F) }
    for record in list.records {
        digest.mix(UInt64(record.name) | UInt64(record.enclosing) << 32)
        digest.mix(UInt64(record.line) | UInt64(record.columnAndKind) << 32)
    }
    return Int(truncatingIfNeeded: digest.value >> 1)
}

func xcodeTimes(_ corpus: Corpus) -> (Double, Int, Double, Int) {
    var checksum = 0
    let projectFiles = corpus.projects.compactMap { readFileBytes($0) }
    let projectTime = best(runs: 5) {
        for bytes in projectFiles { checksum &+= (try? XcodeProjectReader.read(bytes: bytes, name: "P"))?.targets.count ?? 0 }
    }
    // The largest real project of the corpus, alone.
    if let biggest = zip(corpus.projects, projectFiles).max(by: { $0.1.count < $1.1.count }) {
        let time = best(runs: 5) { checksum &+= (try? XcodeProjectReader.read(bytes: biggest.1, name: "P"))?.targets.count ?? 0 }
        print("\(pad("largest corpus project (\(biggest.1.count / 1_000) KB)", 40)) \(pad(fmt(time * 1000, 1) + " ms", 10, right: true))   \(biggest.0.split(separator: "/").suffix(2).joined(separator: "/"))")
    }
    let large = Array(SyntheticProject.text(targets: 40, filesPerTarget: 250).utf8)
    let largeTime = best(runs: 5) {
        checksum &+= (try? XcodeProjectReader.read(bytes: large, name: "Large"))?.targets.reduce(0) { $0 + $1.sourceFiles.count } ?? 0
    }
    if checksum == 42 { print("") }
    return (projectTime, projectFiles.count, largeTime, large.count)
}

/// A workspace of `packages` packages with `targetsPerPackage` targets each; every target
/// has one small file and depends on the previous target of its package.
/// A Tuist workspace of `projects` projects, each `Project.module(…)` of a shared helper
/// (Tuist/ProjectDescriptionHelpers), a framework and its tests depending on the previous
/// project: what the spec readers must evaluate in well under 50 ms.
enum SyntheticTuistWorkspace {
    static let helper = #"""
        import ProjectDescription

        public enum Layer: CaseIterable { case domain, feature }

        extension Project {
            public static func module(name: String, dependencies: [TargetDependency] = []) -> Project {
                Project(name: name, targets: [
                    .target(name: name, destinations: .iOS, product: .staticFramework, bundleId: "bench.\(name)",
                            sources: ["Sources/**"], dependencies: dependencies),
                    .target(name: "\(name)Tests", destinations: .iOS, product: .unitTests, bundleId: "bench.\(name)Tests",
                            sources: ["Tests/**"], dependencies: [.target(name: name)]),
                ])
            }
        }
        """#

    static func manifest(_ index: Int) -> String {
        let dependency = index == 0 ? "" : ".project(target: \"M\(index - 1)\", path: .relativeToRoot(\"Projects/M\(index - 1)\"))"
        return "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.module(name: \"M\(index)\", dependencies: [\(dependency)])\n"
    }

    static func write(root: String, projects: Int) {
        let manager = FileManager.default
        try? manager.removeItem(atPath: root)
        try? manager.createDirectory(atPath: root + "/Tuist/ProjectDescriptionHelpers", withIntermediateDirectories: true)
        _ = manager.createFile(atPath: root + "/Tuist/ProjectDescriptionHelpers/Module.swift", contents: Data(helper.utf8))
        for index in 0..<projects {
            let directory = root + "/Projects/M\(index)"
            try? manager.createDirectory(atPath: directory + "/Sources", withIntermediateDirectories: true)
            try? manager.createDirectory(atPath: directory + "/Tests", withIntermediateDirectories: true)
            _ = manager.createFile(atPath: directory + "/Project.swift", contents: Data(manifest(index).utf8))
            let source = (index == 0 ? "" : "import M\(index - 1)\n") + "public struct S\(index) {}\n"
            _ = manager.createFile(atPath: directory + "/Sources/M\(index).swift", contents: Data(source.utf8))
            _ = manager.createFile(atPath: directory + "/Tests/M\(index)Tests.swift", contents: Data("import M\(index)\n".utf8))
        }
    }

    /// Every manifest evaluated with the helper, as the loader does (in-process).
    static func readAll(projects: Int) -> Int {
        let helpers = [Array(helper.utf8)]
        var targets = 0
        for index in 0..<projects {
            targets += TuistManifestReader().read(manifest: Array(manifest(index).utf8), helpers: helpers, rootFromManifest: "../..").targets.count
        }
        return targets
    }
}

/// Generated CocoaPods and Bazel descriptions of the shape real modular apps have: each
/// pod or BUILD package a feature with its tests, depending on the one before.
enum SyntheticDescriptions {
    static func podspec(_ index: Int) -> String {
        let dependency = index == 0 ? "" : "  s.dependency 'Feature\(index - 1)'\n"
        return """
        Pod::Spec.new do |s|
          s.name         = 'Feature\(index)'
          s.version      = '1.0.\(index)'
          s.summary      = "Feature \(index) of the app"
          s.ios.deployment_target = '15.0'
          s.source_files = 'Sources/**/*.{swift,h,m}'
          s.exclude_files = 'Sources/Legacy/**'
        \(dependency)  s.dependency 'Alamofire', '~> 5.6'
          s.test_spec 'Tests' do |test|
            test.source_files = 'Tests/**/*.swift'
          end
        end

        """
    }

    static func podfile(count: Int) -> String {
        "platform :ios, '15.0'\nuse_frameworks!\n\ntarget 'App' do\n"
            + (0..<count).map { "  pod 'Feature\($0)', :path => 'Modules/Feature\($0)'\n" }.joined()
            + "  target 'AppTests' do\n    inherit! :search_paths\n  end\nend\n"
    }

    static let macros = """
        load("@rules_swift//swift:swift.bzl", "swift_library", "swift_test")

        def feature(name, deps = [], **kwargs):
            swift_library(
                name = name,
                module_name = "{}Feature".format(name),
                srcs = native.glob(["Sources/**/*.swift"], exclude = ["Sources/Legacy/**"]),
                deps = deps + ["//Core"],
                **kwargs
            )
            swift_test(name = name + "Tests", srcs = native.glob(["Tests/**/*.swift"]), deps = [":" + name])

        """

    static func build(_ index: Int) -> String {
        let dependency = index == 0 ? "" : "\"//Features/F\(index - 1)\""
        return "load(\"//tools:feature.bzl\", \"feature\")\n\nfeature(\n    name = \"F\(index)\",\n    deps = [\(dependency)],\n    visibility = [\"//visibility:public\"],\n)\n"
    }

    static func readPods(count: Int) -> Int {
        var targets = 0
        for index in 0..<count {
            // The generated podspecs are valid: a read error would be the reader's.
            targets += ((try? PodspecReader.read(Array(podspec(index).utf8))) ?? nil)?.specs.count ?? 0
        }
        return targets + ((try? PodfileReader.read(Array(podfile(count: count).utf8)))?.targets.count ?? 0)
    }

    static func readBuildFiles(count: Int) -> Int {
        let macroFile = Array(macros.utf8)
        let reader = BazelReader { $0 == "tools/feature.bzl" ? macroFile : nil }
        var targets = 0
        for index in 0..<count {
            if case .success(let package) = reader.read(buildFile: "Features/F\(index)/BUILD.bazel", bytes: Array(build(index).utf8)) {
                targets += package.targets.count
            }
        }
        return targets
    }
}

enum SyntheticWorkspace {
    static func write(root: String, packages: Int, targetsPerPackage: Int) {
        let manager = FileManager.default
        try? manager.removeItem(atPath: root)
        for p in 0..<packages {
            let directory = packages == 1 ? root : root + "/P\(p)"
            var targets: [String] = []
            for t in 0..<targetsPerPackage {
                let name = "T\(p)_\(t)"
                let dependency = t == 0 ? "" : "\"T\(p)_\(t - 1)\""
                targets.append("    .target(name: \"\(name)\", dependencies: [\(dependency)])")
                try? manager.createDirectory(atPath: directory + "/Sources/" + name, withIntermediateDirectories: true)
                let source = (t == 0 ? "" : "import T\(p)_\(t - 1)\n") + "public struct S\(t) {}\n"
                _ = manager.createFile(atPath: directory + "/Sources/\(name)/\(name).swift", contents: Data(source.utf8))
            }
            let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\(p)\", targets: [\n"
                + targets.joined(separator: ",\n") + "\n])\n"
            _ = manager.createFile(atPath: directory + "/Package.swift", contents: Data(manifest.utf8))
        }
    }
}
