#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Wall-clock and CPU time per phase of a run, printed on stderr when `MODLINT_TIMINGS` is set:
/// how the cost of a run splits (walk, manifests, summaries, rules) without a profiler.
public enum PhaseClock {
    static let enabled = getenv("MODLINT_TIMINGS") != nil
    nonisolated(unsafe) static var last = now()
    nonisolated(unsafe) static var lastCPU = cpu()

    /// CPU time of the whole process (every thread), in seconds: beside the wall time it
    /// shows how well a phase uses the cores.
    static func cpu() -> Double { seconds(on: CLOCK_PROCESS_CPUTIME_ID) }

    static func now() -> Double { seconds(on: CLOCK_MONOTONIC) }

    private static func seconds(on clock: clockid_t) -> Double {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    public static var isEnabled: Bool { enabled }

    /// Starts the clock: the first mark then times the first phase from here.
    public static func start() {
        if enabled {
            last = now()
            lastCPU = cpu()
        }
    }

    /// Runs `body` and, when timings are on, prints how long it took under `label`
    /// (any thread: one `write` per line).
    public static func measure<Value>(_ label: @autoclosure () -> String, _ body: () -> Value) -> Value {
        guard enabled else { return body() }
        let start = now()
        let value = body()
        let line = "modlint: timing:   \(label()) \(Int((now() - start) * 1000)) ms\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        return value
    }

    /// Prints the time since the previous mark (call from the main thread only).
    public static func mark(_ phase: @autoclosure () -> String) {
        guard enabled else { return }
        let current = now(), currentCPU = cpu()
        let line = "modlint: timing: \(phase()) \(Int((current - last) * 1000)) ms (CPU \(Int((currentCPU - lastCPU) * 1000)) ms)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
        last = current
        lastCPU = currentCPU
    }
}
