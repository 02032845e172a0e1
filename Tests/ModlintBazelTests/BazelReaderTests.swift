import Synchronization
import Testing
@testable import ModlintBazel

/// Starlark read without Bazel: rules, labels, globs, `select`, comprehensions, formatting
/// and the workspace's own macros, with exact targets.
struct BazelReaderTests {
    func read(_ build: String, path: String = "Features/Login/BUILD.bazel", files: [String: String] = [:]) -> Result<BazelPackage, BazelReadError> {
        let reader = BazelReader { files[$0].map { Array($0.utf8) } }
        return reader.read(buildFile: path, bytes: Array(build.utf8))
    }

    func describe(_ target: BazelTarget) -> String {
        let sources = target.sources.map { source -> String in
            switch source {
            case .file(let file): return file
            case .glob(let include, let exclude): return "glob(\(include.joined(separator: ","))\(exclude.isEmpty ? "" : " - " + exclude.joined(separator: ",")))"
            case .label(let label): return label
            }
        }
        return "\(target.rule) \(target.name)=\(target.moduleName)@\(target.line) [\(sources.joined(separator: " "))] -> \(target.dependencies.map(\.label).joined(separator: " "))"
    }

    @Test func rulesLabelsGlobsAndSelect() throws {
        let package = try read("""
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library", "swift_test")
        load("@build_bazel_rules_apple//apple:ios.bzl", "ios_application", app = "ios_extension")

        COMMON = ["//Core", "@swiftpkg_alamofire//:Alamofire"]

        swift_library(
            name = "Login",
            srcs = glob(["Sources/**/*.swift"], exclude = ["Sources/Legacy/**"]) + ["Extra.swift"],
            deps = COMMON + select({
                "//conditions:ios": [":LoginUI"],
                "//conditions:default": [],
            }),
        )

        swift_library(
            name = "login-ui",
            module_name = "LoginUI",
            srcs = ["UI/%s.swift" % name for name in ["Form", "Button"]],
        )

        swift_test(name = "LoginTests", srcs = glob(["Tests/*.swift"]), deps = [":Login"])
        app(name = "Widget", deps = [":Login"])
        native.filegroup(name = "docs", srcs = glob(["*.md"]))
        """).get()
        #expect(package.path == "Features/Login")
        #expect(package.targets.map(describe) == [
            "swift_library Login=Features_Login_Login@6 [glob(Sources/**/*.swift - Sources/Legacy/**) Extra.swift] -> //Core @swiftpkg_alamofire//:Alamofire :LoginUI",
            "swift_library login-ui=LoginUI@15 [UI/Form.swift UI/Button.swift] -> ",
            "swift_test LoginTests=Features_Login_LoginTests@21 [glob(Tests/*.swift)] -> :Login",
            "ios_extension Widget=Widget@22 [] -> :Login",
        ])
        #expect(package.targets.map(\.kind) == [.library, .library, .test, .appExtension])
        #expect(package.notes.isEmpty)
    }

    @Test func labelsOfEveryForm() {
        func show(_ label: String) -> String {
            let parsed = BazelLabel(label, in: "Features/Login")
            return "\(parsed.repository ?? "-") \(parsed.package) \(parsed.name) \(parsed.namesTarget)"
        }
        #expect(show("//Core:Core") == "- Core Core true")
        #expect(show("//Features/Search") == "- Features/Search Search false")
        #expect(show(":LoginUI") == "- Features/Login LoginUI true")
        #expect(show("LoginUI") == "- Features/Login LoginUI true")
        #expect(show("@swiftpkg_alamofire//:Alamofire") == "swiftpkg_alamofire  Alamofire true")
        #expect(show("@//Core:Core") == "- Core Core true")
        #expect(show("@@//tools:defs.bzl") == "- tools defs.bzl true")
        #expect(show("@rules_swift") == "rules_swift  rules_swift false")
        #expect(StarlarkEvaluation.modulePath("//tools:defs.bzl", from: "a") == "tools/defs.bzl")
        #expect(StarlarkEvaluation.modulePath(":defs.bzl", from: "a") == "a/defs.bzl")
        #expect(StarlarkEvaluation.modulePath("@rules_swift//swift:swift.bzl", from: "a") == nil)
    }

    @Test func moduleNamesFollowRulesSwift() {
        #expect(BazelTarget.derivedModuleName(package: "Features/Login", name: "login-ui") == "Features_Login_login_ui")
        #expect(BazelTarget.derivedModuleName(package: "", name: "3d") == "_3d")
        #expect(BazelTarget.derivedModuleName(package: "a//b-", name: "-c") == "a_b_c")
    }

    /// The usual wrapper: a macro of the workspace's own `.bzl` that calls the rules.
    @Test func aWorkspaceMacroIsEvaluated() throws {
        let macros = """
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")

        _CORE = "//Core"

        def feature(name, deps = [], test_deps = None, **kwargs):
            \"\"\"A feature module and its tests.\"\"\"
            swift_library(
                name = name,
                module_name = "{}Feature".format(name.capitalize()),
                srcs = native.glob(["Sources/**/*.swift"]),
                deps = deps + [_CORE],
                **kwargs
            )
            if test_deps != None:
                swift_library(name = name + "Tests", srcs = native.glob(["Tests/**/*.swift"]), deps = [":" + name] + test_deps)
            for extra in kwargs.get("extras", []):
                pass
        """
        let package = try read("""
        load("//build_defs:feature.bzl", "feature")

        feature(
            name = "search",
            deps = ["//Features/Login"],
            test_deps = [],
        )
        """, path: "Features/Search/BUILD", files: ["build_defs/feature.bzl": macros]).get()
        #expect(package.targets.map(describe) == [
            "swift_library search=SearchFeature@3 [glob(Sources/**/*.swift)] -> //Features/Login //Core",
            "swift_library searchTests=Features_Search_searchTests@3 [glob(Tests/**/*.swift)] -> :search",
        ])
    }

    @Test func aMacroOfAnotherRepositoryIsReadFromItsArgumentsWithOneNote() throws {
        let package = try read("""
        load("@company_rules//:defs.bzl", "company_swift_module")

        company_swift_module(name = "A", srcs = glob(["A/*.swift"]), deps = [":B"])
        company_swift_module(name = "B", srcs = ["B.swift"])
        company_swift_module(name = "Assets", srcs = ["a.png"])
        """).get()
        #expect(package.targets.map(describe) == [
            "company_swift_module A=A@3 [glob(A/*.swift)] -> :B",
            "company_swift_module B=B@4 [B.swift] -> ",
        ])
        #expect(package.targets.allSatisfy { $0.isIncomplete })
        #expect(package.notes.map(\.line) == [3])
    }

    /// rules_player's `ios_pipeline` (player-ui) comes from a repository Bazel fetches:
    /// its stand-in makes the library and the test libraries the macro declares, complete,
    /// with no note.
    @Test func aMacroWithAStandInIsEvaluatedAsOne() throws {
        let package = try read("""
        load("@rules_player//ios:defs.bzl", "ios_pipeline")

        ios_pipeline(
            name = "PlayerUIBeacon",
            resources = [],
            deps = ["//ios/core:PlayerUI"],
            test_deps = ["//ios/test-utils:PlayerUITestUtilities"],
            hasUnitTests = True,
            hasViewInspectorTests = False,
            test_host = "//ios/demo:PlayerUIDemo",
        )
        """, path: "plugins/beacon/ios/BUILD.bazel").get()
        #expect(package.targets.map(describe) == [
            "swift_library PlayerUIBeacon=PlayerUIBeacon@3 [glob(Sources/**/*.swift)] -> //ios/core:PlayerUI",
            "swift_library PlayerUIBeacon_UnitTestLibrary=plugins_beacon_ios_PlayerUIBeacon_UnitTestLibrary@3 [glob(Tests/**/*.swift)] "
                + "-> :PlayerUIBeacon //ios/core:PlayerUI //ios/test-utils:PlayerUITestUtilities",
            "ios_unit_test PlayerUIBeaconTests=PlayerUIBeaconTests@3 [] "
                + "-> :PlayerUIBeacon_UnitTestLibrary //ios/core:PlayerUI //ios/test-utils:PlayerUITestUtilities",
        ])
        #expect(package.targets.allSatisfy { !$0.isIncomplete })
        #expect(package.notes.isEmpty, "\(package.notes)")
    }

    @Test func groupsAndAliasesForwardTheirDependencies() throws {
        let package = try read("""
        load("//swift:swift_library_group.bzl", "swift_library_group")
        swift_library_group(name = "group", deps = [":first"])
        alias(name = "short", actual = "//Core:Core")
        """, files: ["swift/swift_library_group.bzl": "swift_library_group = rule(implementation = _impl, attrs = {})\n"]).get()
        #expect(package.targets.isEmpty)
        #expect(package.forwarders == ["group": [":first"], "short": ["//Core:Core"]])
    }

    /// White space before the call's parenthesis, and a rule loaded under a name of the
    /// BUILD file's choosing, are the same rule to Bazel.
    @Test(arguments: [
        "load(\"@build_bazel_rules_swift//swift:swift.bzl\", \"swift_library\")\n\nswift_library(name = \"Login\", srcs = [\"A.swift\"], deps = [\"//Core\"])\n",
        "load(\"@build_bazel_rules_swift//swift:swift.bzl\", \"swift_library\")\n\nswift_library (name = \"Login\", srcs = [\"A.swift\"], deps = [\"//Core\"])\n",
        "load(\"@build_bazel_rules_swift//swift:swift.bzl\", \"swift_library\")\n\nswift_library\t\t(name = \"Login\", srcs = [\"A.swift\"], deps = [\"//Core\"])\n",
        "load(\"@build_bazel_rules_swift//swift:swift.bzl\", my_lib = \"swift_library\")\n\nmy_lib(name = \"Login\", srcs = [\"A.swift\"], deps = [\"//Core\"])\n",
        "load (\"@build_bazel_rules_swift//swift:swift.bzl\", my_lib = 'swift_library')\n\nmy_lib (name = \"Login\", srcs = [\"A.swift\"], deps = [\"//Core\"])\n",
    ])
    func equivalentSpellingsOfARule(build: String) throws {
        let package = try read(build).get()
        #expect(package.targets.map(describe) == ["swift_library Login=Features_Login_Login@3 [A.swift] -> //Core"], "\(build)")
    }

    @Test func syntaxErrorsNameTheLine() {
        guard case .failure(let error) = read("swift_library(\n    name = \"A\",\n    deps = [\":B\"\n)\n") else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.line == 4)
    }

    /// Hostile input ends with a clear error instead of hanging or overflowing the stack.
    @Test func hostileInputEnds() {
        guard case .failure(let loop) = read("def f():\n    for i in range(10000):\n        for j in range(10000):\n            pass\nf()\n") else {
            Issue.record("expected a budget failure")
            return
        }
        #expect(loop.message.contains("steps"))
        guard case .failure(let recursion) = read("def f():\n    f()\nf()\n") else {
            Issue.record("expected a recursion failure")
            return
        }
        #expect(recursion.message.contains("calls itself"))
        guard case .failure(let deep) = read("x = " + String(repeating: "[", count: 100_000) + "\n") else {
            Issue.record("expected a nesting failure")
            return
        }
        #expect(deep.line == 1)
    }
}

/// A `.bzl` file is evaluated once per run and shared, frozen, by every BUILD file that
/// loads it, as Bazel does.
struct SharedModuleTests {
    static let defs = """
    load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
    _DEPS = ["//Core"]
    def module(name, deps = []):
        swift_library(name = name, srcs = native.glob(["*.swift"]), deps = _DEPS + deps)
    def sneaky(name):
        _DEPS.append("//Hidden")
        swift_library(name = name, srcs = native.glob(["*.swift"]))
    """

    @Test func aMacroFileIsEvaluatedOnceForEveryPackage() throws {
        let cache = StarlarkModuleCache()
        let reader = BazelReader(cache: cache) { $0 == "tools/defs.bzl" ? Array(Self.defs.utf8) : nil }
        var targets: [String] = []
        for index in 0..<20 {
            let package = try reader.read(buildFile: "M\(index)/BUILD.bazel",
                                          bytes: Array("load(\"//tools:defs.bzl\", \"module\")\nmodule(name = \"M\(index)\", deps = [\":x\"])\n".utf8)).get()
            targets += package.targets.map { "\($0.name) <- \($0.dependencies.map(\.label).joined(separator: " "))" }
        }
        let first = try #require(cache.evaluatedModule("tools/defs.bzl")?.scope)
        #expect(cache.evaluatedModule("tools/defs.bzl")?.scope === first)
        #expect(targets.first == "M0 <- //Core :x")
        #expect(targets.last == "M19 <- //Core :x")
    }

    /// A BUILD file's and a macro's own lists and dictionaries change as usual.
    @Test func ownValuesStillChange() throws {
        let defs = """
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        _BASE = ["//Core"]
        def module(name, deps = []):
            all = list(_BASE)
            all.append(":a")
            all.extend([":b"])
            all.insert(0, ":c")
            copts = {}
            copts.update({"x": 1})
            copts.setdefault("y", 2)
            copts.pop("x")
            swift_library(name = name, srcs = native.glob(["*.swift"]), deps = all + deps + copts.keys())
        """
        let reader = BazelReader { $0 == "tools/defs.bzl" ? Array(defs.utf8) : nil }
        let package = try reader.read(buildFile: "A/BUILD.bazel", bytes: Array("""
        load("//tools:defs.bzl", "module")
        extra = [":d"]
        extra.append(":e")
        module(name = "A", deps = extra)
        """.utf8)).get()
        #expect(package.targets.map { $0.dependencies.map(\.label) } == [[":c", "//Core", ":a", ":b", ":d", ":e", "y"]])
    }

    @Test func aLoadedValueCannotBeChanged() {
        let reader = BazelReader { $0 == "tools/defs.bzl" ? Array(Self.defs.utf8) : nil }
        let result = reader.read(buildFile: "A/BUILD.bazel", bytes: Array("load(\"//tools:defs.bzl\", \"sneaky\")\nsneaky(name = \"A\")\n".utf8))
        guard case .failure(let error) = result else {
            Issue.record("a macro that changes a loaded list was read: \(result)")
            return
        }
        #expect(error.line == 2)
        #expect(error.message == "a value of a loaded .bzl file cannot be changed (Bazel freezes it too)")
    }
}

/// `None` is a value: `if deps == None: deps = []` leaves the deps a caller passed alone.
struct NoneTests {
    @Test func noneComparesAsStarlarkDoes() throws {
        let defs = """
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        def module(name, deps = None):
            if deps == None:
                deps = []
            if deps != None:
                deps = deps + ["//Core"]
            swift_library(name = name, srcs = native.glob(["*.swift"]), deps = deps)
        """
        let reader = BazelReader { $0 == "tools/defs.bzl" ? Array(defs.utf8) : nil }
        let package = try reader.read(buildFile: "A/BUILD.bazel", bytes: Array("""
        load("//tools:defs.bzl", "module")
        module(name = "A", deps = [":x"])
        module(name = "B")
        """.utf8)).get()
        #expect(package.targets.map { "\($0.name): \($0.dependencies.map(\.label).joined(separator: " "))" } == ["A: :x //Core", "B: //Core"])
    }
}

/// The Starlark corners real macros lean on: `None` against every kind of value, slices
/// with a step, and the attributes that embed one app in another.
struct StarlarkCornerTests {
    func read(_ build: String, defs: String = "") throws -> BazelPackage {
        let reader = BazelReader { $0 == "tools/defs.bzl" ? Array(defs.utf8) : nil }
        return try reader.read(buildFile: "A/BUILD.bazel", bytes: Array(build.utf8)).get()
    }

    func labels(_ package: BazelPackage) -> [String] {
        package.targets.map { "\($0.name): \($0.dependencies.map(\.label).joined(separator: " "))" }
    }

    @Test func noneInComparisonsDefaultsAndOr() throws {
        let defs = """
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        def module(name, deps = None, extra = None, flavor = "plain"):
            all = list(deps or [])
            if extra != None:
                all.append("//Extra")
            if flavor == None:
                all.append("//NoFlavor")
            if flavor != None:
                all.append("//" + flavor)
            if {"a": 1} == {"a": 1}:
                all.append("//SameDict")
            if {"a": 1} != {"a": 2}:
                all.append("//OtherDict")
            if None == None and not (None != None) and not (deps == "x" and deps == None):
                all.append("//NoneIsNone")
            swift_library(name = name, srcs = native.glob(["*.swift"]), deps = all)
        """
        let package = try read("""
        load("//tools:defs.bzl", "module")
        module(name = "A", deps = [":x"], extra = [])
        module(name = "B")
        module(name = "C", flavor = None, deps = None)
        """, defs: defs)
        #expect(labels(package) == [
            "A: :x //Extra //plain //SameDict //OtherDict //NoneIsNone",
            "B: //plain //SameDict //OtherDict //NoneIsNone",
            "C: //NoFlavor //SameDict //OtherDict //NoneIsNone",
        ])
        #expect(package.notes.isEmpty)
    }

    @Test func slicesWithAStep() throws {
        let package = try read("""
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        ALL = [":a", ":b", ":c", ":d", ":e"]
        swift_library(name = "Reversed", srcs = ["R.swift"], deps = ALL[::-1])
        swift_library(name = "Odd", srcs = ["O.swift"], deps = ALL[1::2])
        swift_library(name = "Back", srcs = ["B.swift"], deps = ALL[3:0:-2] + ALL[-2:] + ALL[:1:] + ALL[None:1])
        swift_library(name = "Text", srcs = ["T.swift"], deps = [":" + "olleh"[::-1], ":" + "abcdef"[::2], ":" + "abcdef"[-1:-4:-1]])
        swift_library(name = "Tuple", srcs = ["U.swift"], deps = list((":x", ":y", ":z")[::2]))
        """)
        #expect(labels(package) == [
            "Reversed: :e :d :c :b :a",
            "Odd: :b :d",
            "Back: :d :b :d :e :a :a",
            "Text: :hello :ace :fed",
            "Tuple: :x :z",
        ])
        guard case .failure(let error) = BazelReader(readFile: { _ in nil }).read(buildFile: "A/BUILD", bytes: Array("x = [1][::0]\n".utf8)) else {
            Issue.record("a zero step was read")
            return
        }
        #expect(error.message == "slice step cannot be zero")
    }

    @Test func appsEmbedTheirWatchAppsAndExtensions() throws {
        let package = try read("""
        load("@build_bazel_rules_apple//apple:ios.bzl", "ios_application", "ios_extension")
        load("@build_bazel_rules_apple//apple:watchos.bzl", "watchos_application", "watchos_extension")
        ios_extension(name = "Share", deps = [":ShareLib"])
        watchos_extension(name = "WatchExt", deps = [":WatchLib"])
        watchos_application(name = "Watch", extension = ":WatchExt")
        ios_application(name = "App", deps = [":AppLib"], extensions = [":Share"], watch_application = ":Watch")
        """)
        #expect(labels(package) == ["Share: :ShareLib", "WatchExt: :WatchLib", "Watch: :WatchExt", "App: :AppLib :Share :Watch"])
        #expect(package.targets.map(\.kind) == [.appExtension, .appExtension, .application, .application])
    }
}

/// A macro of the workspace that calls a function its own `load()` takes from another
/// repository (or a `.bzl` that is not there), or a BUILD file's own call of another
/// repository's macro (but for other languages' rule sets): what that call declares is
/// unknown, said once, and the targets of the same statement are incomplete.
struct UnfollowedMacroTests {
    @Test func aMacrosOwnUnfollowedLoadIsNamed() throws {
        let defs = """
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        load("@company//rules:lib.bzl", "company_lib")
        def module(name):
            swift_library(name = name + "Interface", srcs = ["Interface.swift"])
            company_lib(name = name, deps = [":" + name + "Interface"])
        """
        let reader = BazelReader { $0 == "tools/defs.bzl" ? Array(defs.utf8) : nil }
        let package = try reader.read(buildFile: "A/BUILD.bazel", bytes: Array("""
        load("//tools:defs.bzl", "module")
        load("//missing:gone.bzl", "gone")
        load("@rules_cc//cc:defs.bzl", "cc_binary")
        module(name = "A")
        module(name = "B")
        gone(name = "C")
        cc_binary(name = "tool")
        load("@company_ios//ios:defs.bzl", "ios_pipeline")
        ios_pipeline(name = "Player", hasUnitTests = True)
        """.utf8)).get()
        #expect(package.targets.map { "\($0.name)@\($0.line) incomplete=\($0.isIncomplete)" } == [
            "AInterface@4 incomplete=true", "BInterface@5 incomplete=true",
        ])
        #expect(package.unfollowed == [
            BazelNote(line: 4, message: "`company_lib`, loaded by tools/defs.bzl from @company//rules:lib.bzl"),
            BazelNote(line: 6, message: "`gone` of //missing:gone.bzl, not in the linted tree"),
            BazelNote(line: 9, message: "`ios_pipeline` of @company_ios//ios:defs.bzl, another repository"),
        ])
        #expect(package.notes.map(\.message) == [
            "`company_lib`, loaded by tools/defs.bzl from @company//rules:lib.bzl, could not be followed: the targets it declares are unknown",
            "`gone` of //missing:gone.bzl, not in the linted tree, could not be followed: the targets it declares are unknown",
            "`ios_pipeline` of @company_ios//ios:defs.bzl, another repository, could not be followed: the targets it declares are unknown",
        ])
    }
}

/// `srcs = [":sources"]` naming a filegroup of the package lists the group's files and globs.
struct FilegroupTests {
    @Test func aFilegroupInSrcsIsItsFiles() throws {
        let reader = BazelReader { _ in nil }
        let package = try reader.read(buildFile: "A/BUILD.bazel", bytes: Array("""
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        swift_library(name = "A", srcs = [":sources", "Main.swift", ":generated", "//Other:files"])
        filegroup(name = "sources", srcs = glob(["Sources/**/*.swift"], exclude = ["Sources/Old/**"]) + [":more"])
        native.filegroup(name = "more", srcs = ["Extra.swift", ":sources"])
        """.utf8)).get()
        #expect(package.targets.map(\.sources) == [[
            .glob(include: ["Sources/**/*.swift"], exclude: ["Sources/Old/**"]), .file("Extra.swift"), .file("Main.swift"),
            .label(":generated"), .label("//Other:files"),
        ]])
    }
}

/// Each dependency carries the line its label is written on inside the declaring
/// statement; one the statement builds or takes from a variable keeps the statement's.
struct DependencyLineTests {
    @Test func dependenciesPointAtTheirOwnLine() throws {
        let reader = BazelReader { _ in nil }
        let package = try reader.read(buildFile: "A/BUILD.bazel", bytes: Array("""
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        COMMON = ["//Common"]
        swift_library(
            name = "A",
            srcs = ["A.swift"],
            deps = COMMON + [
                "//Core",
                ":" + "B",
            ] + select({
                "//conditions:default": ["//Net"],
            }),
        )
        swift_library(name = "B", srcs = ["B.swift"], deps = ["//Core"])
        """.utf8)).get()
        #expect(package.targets.map { $0.dependencies.map { "\($0.label)@\($0.line)" } } == [
            ["//Common@3", "//Core@7", ":B@3", "//Net@10"],
            ["//Core@13"],
        ])
    }
}

/// An objc_library wrapping a Swift module of its name, at any depth, is that module.
struct ObjcWrapperTests {
    @Test func anObjcWrapperOfTheSameModuleForwards() throws {
        let reader = BazelReader { _ in nil }
        let package = try reader.read(buildFile: "A/BUILD.bazel", bytes: Array("""
        load("@build_bazel_rules_swift//swift:swift.bzl", "swift_library")
        swift_library(name = "FooSwift", module_name = "Foo", srcs = ["Foo.swift"], deps = [":Bar"])
        objc_library(name = "FooInner", module_name = "Foo", deps = [":FooSwift"])
        objc_library(name = "Foo", deps = [":FooInner", "//Core"])
        objc_library(name = "Bar", srcs = ["Bar.m"])
        """.utf8)).get()
        #expect(package.targets.map { "\($0.rule) \($0.name)=\($0.moduleName)" } == ["swift_library FooSwift=Foo", "objc_library Bar=Bar"])
        #expect(package.forwarders == ["FooInner": [":FooSwift"], "Foo": [":FooInner", "//Core"]])
    }
}
