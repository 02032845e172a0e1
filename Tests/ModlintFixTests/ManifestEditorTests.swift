import ModlintFix
import ModlintRules
import Testing

/// Golden edits of manifests in the styles real packages use: only the target's
/// `dependencies:` array (and the package's, for a new package) changes, in the file's
/// own layout.
struct ManifestEditorTests {
    static func add(_ target: String, _ dependency: String, package: String? = nil, platforms: [String] = []) -> DependencyFix {
        DependencyFix(action: .add, manifest: "Package.swift", target: target, dependency: dependency, packageDependency: package,
                      platforms: platforms)
    }

    static func remove(_ target: String, _ name: String) -> DependencyFix {
        DependencyFix(action: .remove, manifest: "Package.swift", target: target, dependency: name)
    }

    func edit(_ text: String, _ fixes: [DependencyFix]) -> ManifestEditor {
        var editor = ManifestEditor(text: text)
        editor.apply(fixes)
        return editor
    }

    @Test func multilineArrayWithTrailingCommasAndAComment() {
        let editor = edit("""
        let package = Package(
            name: "App",
            targets: [
                .target(
                    name: "Feature",
                    dependencies: [
                        "Networking", // talks to the API
                        .product(name: "Collections", package: "swift-collections"),
                    ]
                ),
                .target(name: "Models"),
            ]
        )

        """, [Self.add("Feature", "\"Models\"")])
        #expect(editor.text == """
        let package = Package(
            name: "App",
            targets: [
                .target(
                    name: "Feature",
                    dependencies: [
                        "Networking", // talks to the API
                        .product(name: "Collections", package: "swift-collections"),
                        "Models",
                    ]
                ),
                .target(name: "Models"),
            ]
        )

        """)
        #expect(editor.applied.count == 1 && editor.refused.isEmpty)
    }

    @Test func multilineArrayWithoutTrailingCommaKeepsItsStyle() {
        let editor = edit("""
        .target(name: "Feature", dependencies: [
            "Networking" // the API
        ])
        """, [Self.add("Feature", ".target(name: \"Models\")"), Self.add("Feature", ".target(name: \"Cache\")")])
        #expect(editor.text == """
        .target(name: "Feature", dependencies: [
            "Networking", // the API
            .target(name: "Models"),
            .target(name: "Cache")
        ])
        """)
    }

    @Test func inlineEmptyAndAbsentArrays() {
        let editor = edit("""
        targets: [
            .target(name: "A", dependencies: ["B"]),
            .target(name: "C", dependencies: []),
            .target(name: "D"),
            .target(name: "E", path: "Sources/E"),
            .testTarget(
                name: "ATests",
                path: "Tests"
            ),
        ]
        """, [Self.add("A", "\"C\""), Self.add("C", "\"B\""), Self.add("D", "\"B\""), Self.add("E", "\"B\""), Self.add("ATests", "\"A\"")])
        #expect(editor.text == """
        targets: [
            .target(name: "A", dependencies: ["B", "C"]),
            .target(name: "C", dependencies: ["B"]),
            .target(name: "D", dependencies: ["B"]),
            .target(name: "E", dependencies: ["B"], path: "Sources/E"),
            .testTarget(
                name: "ATests",
                dependencies: ["A"],
                path: "Tests"
            ),
        ]
        """)
    }

    @Test func aProductOfANewPackageDeclaresThePackageBeforeTargets() {
        let editor = edit("""
        let package = Package(
            name: "App",
            platforms: [.iOS(.v17)],
            targets: [
                .target(name: "Feature"),
            ]
        )
        """, [Self.add("Feature", ".product(name: \"Kit\", package: \"Kit\")", package: ".package(path: \"../Kit\")")])
        #expect(editor.text == """
        let package = Package(
            name: "App",
            platforms: [.iOS(.v17)],
            dependencies: [.package(path: "../Kit")],
            targets: [
                .target(name: "Feature", dependencies: [.product(name: "Kit", package: "Kit")]),
            ]
        )
        """)
    }

    @Test func aNewPackageJoinsAnExistingList() {
        let editor = edit("""
        let package = Package(name: "App", dependencies: [
            .package(url: "https://github.com/apple/swift-collections", from: "1.0.0"),
        ], targets: [.target(name: "Feature", dependencies: [])])
        """, [Self.add("Feature", ".product(name: \"Kit\", package: \"Kit\")", package: ".package(path: \"../Kit\")")])
        #expect(editor.text == """
        let package = Package(name: "App", dependencies: [
            .package(url: "https://github.com/apple/swift-collections", from: "1.0.0"),
            .package(path: "../Kit"),
        ], targets: [.target(name: "Feature", dependencies: [.product(name: "Kit", package: "Kit")])])
        """)
    }

    @Test func platformConditionalImportsGetACondition() {
        let editor = edit(#".target(name: "App", dependencies: ["Core"])"#, [
            Self.add("App", "\"HealthKitBridge\"", platforms: ["iOS", "watchOS"]),
            Self.add("App", ".product(name: \"Kit\", package: \"Kit\")", platforms: ["macOS"]),
        ])
        #expect(editor.text == #".target(name: "App", dependencies: ["Core", .target(name: "HealthKitBridge", condition: .when(platforms: [.iOS, .watchOS])), .product(name: "Kit", package: "Kit", condition: .when(platforms: [.macOS]))])"#)
    }

    @Test func removalsTakeTheirLineOrTheirComma() {
        let editor = edit("""
        .target(name: "A", dependencies: ["B", "C", .product(name: "D", package: "d")]),
        .target(
            name: "E",
            dependencies: [
                "F",
                .target(name: "G"), // legacy
                "H",
            ]
        ),
        """, [Self.remove("A", "C"), Self.remove("A", "D"), Self.remove("E", "G"), Self.remove("E", "H"), Self.add("E", "\"I\"")])
        #expect(editor.text == """
        .target(name: "A", dependencies: ["B"]),
        .target(
            name: "E",
            dependencies: [
                "F",
                "I",
            ]
        ),
        """)
    }

    @Test func inIfBlocksAndAfterVarAppend() {
        let editor = edit("""
        var targets: [Target] = [.target(name: "Core")]
        #if os(macOS)
        targets.append(.executableTarget(name: "Tool", dependencies: ["Core"]))
        #endif
        """, [Self.add("Tool", "\"Extras\"")])
        #expect(editor.text == """
        var targets: [Target] = [.target(name: "Core")]
        #if os(macOS)
        targets.append(.executableTarget(name: "Tool", dependencies: ["Core", "Extras"]))
        #endif
        """)
    }

    /// `.target(name: "Core")` in a dependency list depends on Core: it declares nothing.
    @Test func aTargetDependencyIsNoDeclaration() {
        let editor = edit("""
        .target(name: "Core"),
        .testTarget(name: "CoreTests", dependencies: [.target(name: "Core")]),
        """, [Self.add("Core", "\"Models\"")])
        #expect(editor.text == """
        .target(name: "Core", dependencies: ["Models"]),
        .testTarget(name: "CoreTests", dependencies: [.target(name: "Core")]),
        """)
    }

    /// A list that ends in an `#if` block gets new elements after `#endif`, so they are
    /// unconditional; without a trailing comma in the block it is left alone.
    @Test func listsEndingInsideIfBlocks() {
        let editor = edit("""
        .target(name: "A", dependencies: [
            "B",
            #if os(macOS)
            "C",
            #endif
        ]),
        .target(name: "D", dependencies: [
            "B",
            #if os(macOS)
            "C"
            #endif
        ]),
        """, [Self.add("A", "\"E\""), Self.add("D", "\"E\"")])
        #expect(editor.text == """
        .target(name: "A", dependencies: [
            "B",
            #if os(macOS)
            "C",
            #endif
            "E",
        ]),
        .target(name: "D", dependencies: [
            "B",
            #if os(macOS)
            "C"
            #endif
        ]),
        """)
        #expect(editor.refused.map(\.reason) == ["the dependencies of target D end inside #if without a trailing comma; edit them by hand"])
    }

    @Test func computedDependenciesAndHelpersAreLeftAlone() {
        let source = """
        let shared: [Target.Dependency] = ["Core"]
        let package = Package(name: "App", targets: [
            .target(name: "A", dependencies: shared),
            .target(name: "B", dependencies: shared + ["Extras"]),
            feature("C"),
        ])
        package.dependencies += [.package(path: "../Kit")]
        """
        let editor = edit(source, [Self.add("A", "\"Models\""), Self.add("B", "\"Models\""), Self.add("C", "\"Models\""),
                                   Self.add("A", ".product(name: \"Kit\", package: \"Kit\")", package: ".package(path: \"../Kit\")")])
        #expect(editor.text == source)
        #expect(editor.applied.isEmpty)
        #expect(editor.refused.map(\.reason) == [
            "the package's dependencies are changed after `Package(…)` (line 7); declare the package dependency by hand",
            "the dependencies of target A are computed (`shared`); edit them by hand",
            "the dependencies of target B are computed (`shared + [\"Extras\"]`); edit them by hand",
            "target C is not declared literally in this manifest (a helper builds it); add `\"Models\"` to its dependencies by hand",
        ])
    }

    @Test func aSecondRunChangesNothing() {
        let first = edit(#".target(name: "A", dependencies: ["B", "C"])"#, [Self.add("A", "\"D\""), Self.remove("A", "C")])
        #expect(first.text == #".target(name: "A", dependencies: ["B", "D"])"#)
        let second = edit(first.text, [Self.add("A", ".target(name: \"D\")"), Self.remove("A", "C")])
        #expect(second.text == first.text)
        #expect(second.applied.isEmpty && second.refused.isEmpty)
    }

    @Test func unifiedDiff() {
        let old = (1...10).map { "line \($0)" }.joined(separator: "\n") + "\n"
        let new = old.replacingOccurrences(of: "line 5\n", with: "line 5\nadded\n")
        #expect(UnifiedDiff.make(old: old, new: new, path: "Package.swift") == """
        --- a/Package.swift
        +++ b/Package.swift
        @@ -3,6 +3,7 @@
         line 3
         line 4
         line 5
        +added
         line 6
         line 7
         line 8

        """)
        #expect(UnifiedDiff.make(old: old, new: old, path: "x").isEmpty)
    }
}
