// launch.hpp: a kernel launch as the host program makes it, handed to the
// runtime library (runtime/scheduler.cpp), which checks the configuration as
// a GPU does, runs every block and thread, and reports what it found.
//
// kernel<<<grid, block, sharedBytes, stream>>>(arguments...) is not C++;
// emulator/emulate rewrites it into configuredLaunch(kernel, grid, block,
// sharedBytes, stream)(arguments...), or, for a function template whose
// arguments the call deduces, into deducedLaunch(...).
#pragma once

#include <memory>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "../device/kernel_calls.hpp"
#include "runtime_types.hpp"

namespace warp_emulator {

// One launch, as the runtime library receives it. `body(context)` runs the
// kernel for the thread the scheduler has made current.
struct LaunchSpec {
    const void* kernel = nullptr;     // the kernel's address; null for a deduced template
    const char* name = nullptr;       // as written, where there is no address to look up
    dim3 grid, block;
    size_t sharedBytes = 0;
    void (*body)(void* context) = nullptr;
    void* context = nullptr;
    std::vector<const void*> pointerArguments;  // each argument's address, null where it is no pointer
};
void runLaunch(const LaunchSpec& launch);
// Called first by every launch, before it builds anything: a launch from a
// running kernel (dynamic parallelism) is reported there, and stops the kernel.
void launchBegins(const void* kernel, const char* name);

// The address a pointer argument holds, or null for anything else (a value,
// a function pointer); volatile and const pointers too.
template <typename Value>
const void* addressIn(const Value& value) {
    if constexpr (std::is_pointer<Value>::value && std::is_object<std::remove_pointer_t<Value>>::value) {
        return const_cast<const void*>(static_cast<const volatile void*>(value));
    } else {
        return nullptr;
    }
}

template <typename Tuple>
std::vector<const void*> pointerArguments(const Tuple& arguments) {
    std::vector<const void*> pointers;
    std::apply([&](const auto&... argument) { (pointers.push_back(addressIn(argument)), ...); }, arguments);
    return pointers;
}

// Calls the kernel with copies of its arguments, marking its code as the
// kernel's: the copies are made before kernelCodeBegins(), so reading the
// host's argument tuple is never charged to the kernel. noinline and the
// volatile pointer keep the kernel a call of its own.
template <typename Kernel, typename... Arguments>
__attribute__((noinline)) void enterKernel(Kernel kernel, Arguments... arguments) {
    if constexpr (std::is_pointer<Kernel>::value) {
        Kernel volatile call = kernel;
        kernelCodeBegins();
        call(arguments...);
    } else {
        kernelCodeBegins();
        kernel(arguments...);
    }
    kernelCodeEnds();
}

// enterKernel() with the arguments `bound` holds: what each thread of a
// launch runs first. Its reads of the launch's own records (the kernel, the
// arguments) are the emulator's, of host memory, and not a kernel's: left
// unchecked (no_sanitize), as the glue is (WARP_EMULATOR_GLUE), where each
// took a hook's call at every thread's start.
template <typename Kernel, typename Tuple, size_t... Index>
__attribute__((no_sanitize("thread"))) void enterKernelWith(Kernel kernel, Tuple& bound,
                                                             std::index_sequence<Index...>) {
    enterKernel(kernel, std::get<Index>(bound)...);
}

template <typename Kernel, typename Tuple>
void launchWith(Kernel kernel, const void* address, const char* name, dim3 grid, dim3 block, size_t sharedBytes,
                Tuple& bound) {
    struct Context {
        Kernel kernel;
        Tuple* bound;
    } context{kernel, &bound};
    LaunchSpec spec;
    spec.kernel = address;
    spec.name = name;
    spec.grid = grid;
    spec.block = block;
    spec.sharedBytes = sharedBytes;
    spec.context = &context;
    spec.body = [](void* opaque) __attribute__((no_sanitize("thread"))) {
        const Context& c = *static_cast<const Context*>(opaque);
        enterKernelWith(c.kernel, *c.bound, std::make_index_sequence<std::tuple_size<Tuple>::value>{});
    };
    spec.pointerArguments = pointerArguments(bound);
    runLaunch(spec);
}

// ---------------------------------------------------------------------------
// A launch kept to be made later: a launch on a stream of the program's own,
// until the host waits, or on a stream that captures into a graph
// (cudaStreamBeginCapture), or a graph's kernel node. It keeps copies
// of the arguments, made when the launch was written, as CUDA's do.
// ---------------------------------------------------------------------------

class KeptLaunch {
public:
    virtual ~KeptLaunch() = default;
    // The launch, with the kept arguments, over grid x block threads.
    virtual void launch(dim3 grid, dim3 block, size_t sharedBytes) = 0;
    // A pointer to each kept argument, as cudaKernelNodeParams::kernelParams holds them.
    virtual void** argumentPointers() = 0;
    const void* kernel = nullptr;  // the kernel's address; null for a deduced template
    const char* name = nullptr;    // as written, where there is no address
};
using KeptLaunchPointer = std::shared_ptr<KeptLaunch>;

template <typename Kernel, typename Tuple>
class KeptArguments final : public KeptLaunch {
public:
    KeptArguments(Kernel call, const void* address, const char* written, Tuple arguments)
        : call_(call), arguments_(std::move(arguments)) {
        kernel = address;
        name = written;
        std::apply([&](auto&... argument) { (pointers_.push_back(static_cast<void*>(&argument)), ...); }, arguments_);
    }
    void launch(dim3 grid, dim3 block, size_t sharedBytes) override {
        launchWith(call_, kernel, name, grid, block, sharedBytes, arguments_);
    }
    void** argumentPointers() override { return pointers_.data(); }

private:
    Kernel call_;
    Tuple arguments_;
    std::vector<void*> pointers_;
};

// Whether a launch on `stream` is not to run now (runtime/api/stream_work.hpp):
// the stream is one of the program's own, whose work runs when the host next
// waits; or it captures, and the launch becomes a node of its graph; or the
// launch is one a capture in progress refuses. A launch on the legacy stream
// runs now, once the work queued before it has run.
bool launchIsKept(cudaStream_t stream);
// Queues the launch, written at file:line, records it into the graph `stream`
// captures, or refuses it.
void keepLaunch(cudaStream_t stream, KeptLaunchPointer launch, dim3 grid, dim3 block, size_t sharedBytes,
                const char* file = "", int line = 0);

// kernel<<<grid, block, sharedBytes, stream>>>(arguments...)
// The launch's line is the one it was written on (the rewriting keeps lines):
// a captured launch's node is named by it.
template <typename... Parameters>
struct ConfiguredLaunch {
    void (*kernel)(Parameters...);
    dim3 grid, block;
    size_t sharedBytes;
    cudaStream_t stream;
    const char* file;
    int line;
    template <typename... Arguments>
    void operator()(Arguments&&... arguments) const {
        launchBegins(reinterpret_cast<const void*>(kernel), nullptr);
        using Tuple = std::tuple<std::decay_t<Parameters>...>;
        const void* address = reinterpret_cast<const void*>(kernel);
        if (launchIsKept(stream)) {
            keepLaunch(stream,
                          std::make_shared<KeptArguments<void (*)(Parameters...), Tuple>>(
                              kernel, address, nullptr, Tuple(std::forward<Arguments>(arguments)...)),
                          grid, block, sharedBytes, file, line);
            return;
        }
        Tuple bound(std::forward<Arguments>(arguments)...);
        launchWith(kernel, address, nullptr, grid, block, sharedBytes, bound);
    }
};
template <typename... Parameters>
ConfiguredLaunch<Parameters...> configuredLaunch(void (*kernel)(Parameters...), dim3 grid, dim3 block,
                                                 size_t sharedBytes = 0, cudaStream_t stream = nullptr,
                                                 WARP_EMULATOR_SITE) {
    return {kernel, grid, block, sharedBytes, stream, file, line};
}

// The same for a function template launched without its template arguments:
// `call` is a generic lambda that calls it, so the call deduces them as CUDA's
// would. The kernel has no address to look up, so it is named as written.
template <typename Call>
struct DeducedLaunch {
    Call call;
    const char* name;
    dim3 grid, block;
    size_t sharedBytes;
    cudaStream_t stream;
    const char* file;
    int line;
    template <typename... Arguments>
    void operator()(Arguments&&... arguments) const {
        launchBegins(nullptr, name);
        using Tuple = std::tuple<std::decay_t<Arguments>...>;
        if (launchIsKept(stream)) {
            keepLaunch(stream,
                          std::make_shared<KeptArguments<Call, Tuple>>(call, nullptr, name,
                                                                       Tuple(std::forward<Arguments>(arguments)...)),
                          grid, block, sharedBytes, file, line);
            return;
        }
        Tuple bound(std::forward<Arguments>(arguments)...);
        launchWith(call, nullptr, name, grid, block, sharedBytes, bound);
    }
};
template <typename Call>
DeducedLaunch<Call> deducedLaunch(Call call, const char* name, dim3 grid, dim3 block, size_t sharedBytes = 0,
                                  cudaStream_t stream = nullptr, WARP_EMULATOR_SITE) {
    return {call, name, grid, block, sharedBytes, stream, file, line};
}

// ---------------------------------------------------------------------------
// A kernel known only by its address: cudaLaunchKernel, cudaLaunchCooperativeKernel
// and a graph's kernel node take it as a void*, with its arguments as an array
// of pointers to them. A void* names no parameter types, so wherever a program
// casts a kernel to void*, emulator/emulate's rewriting makes the cast's
// operand registeredKernel(kernel): that records the kernel with a launcher
// that knows its parameters, and returns it unchanged.
// ---------------------------------------------------------------------------

struct RegisteredKernel {
    const void* address = nullptr;
    // Launches the kernel at `address` with *arguments[i] as its i-th argument.
    void (*launch)(const void* address, dim3 grid, dim3 block, void** arguments, size_t sharedBytes) = nullptr;
    // Copies of *arguments[i], kept with the kernel for a later launch (a graph's kernel node).
    KeptLaunchPointer (*keep)(const void* address, void** arguments) = nullptr;
    size_t parameterCount = 0;
};
void registerKernel(const RegisteredKernel& kernel);
// The kernel registered at `address`, or null.
const RegisteredKernel* registeredKernelAt(const void* address);

template <typename... Parameters, size_t... Index>
void launchFromArray(void (*kernel)(Parameters...), dim3 grid, dim3 block, void** arguments, size_t sharedBytes,
                     std::index_sequence<Index...>, cudaStream_t stream = nullptr, const char* file = "", int line = 0) {
    configuredLaunch(kernel, grid, block, sharedBytes, stream, file, line)(
        *static_cast<std::decay_t<Parameters>*>(arguments[Index])...);
}

template <typename... Parameters>
void launchAt(const void* address, dim3 grid, dim3 block, void** arguments, size_t sharedBytes) {
    auto* kernel = reinterpret_cast<void (*)(Parameters...)>(const_cast<void*>(address));
    launchFromArray(kernel, grid, block, arguments, sharedBytes, std::index_sequence_for<Parameters...>{});
}

template <typename... Parameters, size_t... Index>
KeptLaunchPointer keepFromArray(void (*kernel)(Parameters...), void** arguments, std::index_sequence<Index...>) {
    using Tuple = std::tuple<std::decay_t<Parameters>...>;
    return std::make_shared<KeptArguments<void (*)(Parameters...), Tuple>>(
        kernel, reinterpret_cast<const void*>(kernel), nullptr,
        Tuple(*static_cast<std::decay_t<Parameters>*>(arguments[Index])...));
}

template <typename... Parameters>
KeptLaunchPointer keepAt(const void* address, void** arguments) {
    auto* kernel = reinterpret_cast<void (*)(Parameters...)>(const_cast<void*>(address));
    return keepFromArray(kernel, arguments, std::index_sequence_for<Parameters...>{});
}

template <typename... Parameters>
auto registeredKernel(void (*kernel)(Parameters...)) -> void (*)(Parameters...) {
    registerKernel({reinterpret_cast<const void*>(kernel), launchAt<Parameters...>, keepAt<Parameters...>,
                    sizeof...(Parameters)});
    return kernel;
}
// Anything else cast to void* (not a kernel after all) is left as it is.
template <typename Other>
Other&& registeredKernel(Other&& other) {
    return static_cast<Other&&>(other);
}

// Launches kernel over grid x block threads, as kernel<<<grid, block>>>(...) would.
template <typename... Parameters, typename... Arguments>
void launch(void (*kernel)(Parameters...), dim3 grid, dim3 block, Arguments&&... arguments) {
    configuredLaunch(kernel, grid, block)(std::forward<Arguments>(arguments)...);
}

// ---------------------------------------------------------------------------
// For a harness that runs a learner's kernel (tests/exercise.cu)
// ---------------------------------------------------------------------------

// What the most recent launch found: how many findings, and the first in one line.
struct LaunchFindings {
    long long count = 0;
    std::string first;
};
LaunchFindings lastLaunchFindings();

// Findings in these kernels (a comma-separated list) are expected: each launch
// says how many in one line, and they change no answer and no exit code.
// WARP_EMULATOR_SUPPRESS does the same.
void suppressFindingsIn(const char* kernels);

// Records every collective of one warp of the first launch of each named
// kernel (a comma-separated list; "" for every kernel) into `path`, in the
// format of emulator/TRACE.md. The environment variables do the same.
void traceWarps(const char* path, const char* kernels = "", dim3 block = dim3(0, 0, 0), int warp = 0);

}  // namespace warp_emulator

// What emulator/emulate writes for `extern __shared__ Type name[];`: the
// launch's dynamic shared memory (its <<<>>>'s third argument).
#define WARP_EMULATOR_EXTERN_SHARED(name, ...) \
    __VA_ARGS__* const name = static_cast<__VA_ARGS__*>(::warp_emulator::dynamicSharedMemory())
