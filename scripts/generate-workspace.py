#!/usr/bin/env python3
"""Writes a synthetic modular workspace: MODULES modules spread over packages of PER
modules each, every module one Swift file that imports what its target declares.
Dependencies point to earlier modules (a layered graph, like a real app's), two to four
per module, a quarter of them into other packages; with --violations a few modules also
import a module they do not declare.
Deterministic: the same arguments write the same bytes.

usage: generate-workspace.py DEST MODULES [--per N] [--violations] [--files-per-module K] [--cross P]
(--cross: the share of dependencies into other packages, 0.25 by default)
"""
import os
import random
import sys


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    dest, total = args[0], int(args[1])
    per = int(args[args.index("--per") + 1]) if "--per" in args else 20
    files = int(args[args.index("--files-per-module") + 1]) if "--files-per-module" in args else 1
    violations = "--violations" in args
    cross = float(args[args.index("--cross") + 1]) if "--cross" in args else 0.25
    rng = random.Random(42)
    packages = (total + per - 1) // per
    names = [f"P{p:03d}M{m:02d}" for p in range(packages) for m in range(per)][:total]
    package_of = {name: index // per for index, name in enumerate(names)}
    deps = {}
    for index, name in enumerate(names):
        chosen = set()
        if index > 0:
            for _ in range(rng.randint(2, 4)):
                if rng.random() >= cross:
                    # Within the package, an earlier module.
                    first = (index // per) * per
                    if index > first:
                        chosen.add(names[rng.randrange(first, index)])
                else:
                    chosen.add(names[rng.randrange(0, index)])
        deps[name] = sorted(chosen)
    undeclared = {}
    if violations:
        for index in range(5, total, max(5, total // 20)):
            name = names[index]
            candidates = [n for n in names[:index] if n not in deps[name]]
            if candidates:
                undeclared[name] = rng.choice(candidates)
    for p in range(packages):
        package_dir = os.path.join(dest, f"Packages/P{p:03d}")
        members = [n for n in names if package_of[n] == p]
        external = sorted({package_of[d] for n in members for d in deps[n] if package_of[d] != p})
        lines = ["// swift-tools-version:5.9", "import PackageDescription", "", "let package = Package(",
                 f'    name: "P{p:03d}",',
                 "    products: [" + ", ".join(f'.library(name: "{n}", targets: ["{n}"])' for n in members) + "],",
                 "    dependencies: [" + ", ".join(f'.package(path: "../P{q:03d}")' for q in external) + "],",
                 "    targets: ["]
        for n in members:
            items = []
            for d in deps[n]:
                if package_of[d] == p:
                    items.append(f'"{d}"')
                else:
                    items.append(f'.product(name: "{d}", package: "P{package_of[d]:03d}")')
            lines.append(f'        .target(name: "{n}", dependencies: [{", ".join(items)}]),')
        lines += ["    ]", ")", ""]
        os.makedirs(package_dir, exist_ok=True)
        with open(os.path.join(package_dir, "Package.swift"), "w") as f:
            f.write("\n".join(lines))
        for n in members:
            source_dir = os.path.join(package_dir, "Sources", n)
            os.makedirs(source_dir, exist_ok=True)
            for k in range(files):
                imports = deps[n] + ([undeclared[n]] if n in undeclared and k == 0 else [])
                body = "// Generated for modlint's benchmarks.\n" + "".join(f"import {d}\n" for d in imports) + "import Foundation\n"
                used = [f"{d}Type0" for d in deps[n][:3]]
                body += f"\n/// A type of {n}, file {k}.\npublic final class {n}Type{k}: CustomStringConvertible {{\n"
                for i, t in enumerate(used):
                    body += f"    private let dependency{i}: {t}\n"
                body += "    public var items: [String: Int] = [:]\n    public var description: String { \"" + n + "\" }\n\n"
                body += "    public init(" + ", ".join(f"dependency{i}: {t}" for i, t in enumerate(used)) + ") {\n"
                for i, _ in enumerate(used):
                    body += f"        self.dependency{i} = dependency{i}\n"
                body += "    }\n\n"
                for m in range(4):
                    body += f"    public func operation{m}(_ input: Int) -> Int {{\n        let values = (0..<input).map {{ $0 * {m + 1} }}\n"
                    body += f"        if values.isEmpty {{ return {m} }}\n        return values.reduce(0, +) + items.count\n    }}\n\n"
                body += "}\n\n"
                body += f"extension {n}Type{k}: Equatable {{\n    public static func == (lhs: {n}Type{k}, rhs: {n}Type{k}) -> Bool {{ lhs === rhs }}\n}}\n"
                with open(os.path.join(source_dir, f"{n}{k}.swift"), "w") as f:
                    f.write(body)


if __name__ == "__main__":
    main()
