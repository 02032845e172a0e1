"""`modlint_test`: modlint's architecture gate as a Bazel test.

The test declares its inputs (the Swift sources, BUILD files, Package.swift manifests,
projects and `.modlint.yml` of the part of the workspace it checks), so Bazel caches its
result locally and remotely and runs it on remote executors like any other test: it runs
again only when one of those inputs changes.
"""

def modlint_test(name, srcs, modlint, config = None, args = [], **kwargs):
    """A test that fails when modlint reports an error (or any finding, with `--strict`).

    Args:
        name: the test's name.
        srcs: the files to lint, usually a `glob()` of the package and `filegroup`s that
            subpackages export (a glob stops at a subpackage's BUILD file).
        modlint: the modlint executable (a prebuilt binary checked in or fetched).
        config: a `.modlint.yml`; without one modlint looks for it in the linted tree.
        args: more `modlint lint` arguments (`--strict`, `--baseline FILE`, ...).
        **kwargs: what every test takes (`size`, `tags`, `timeout`, ...).
    """
    data = list(srcs) + [modlint]
    arguments = ["$(rootpath %s)" % modlint]
    if config:
        data.append(config)
        arguments += ["--config", "$(rootpath %s)" % config]
    native.sh_test(
        name = name,
        srcs = [Label("//:run_modlint.sh")],
        data = data,
        args = arguments + args,
        **kwargs
    )
