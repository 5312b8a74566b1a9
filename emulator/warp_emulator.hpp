// warp_emulator.hpp: runs CUDA kernels on the CPU, one fiber per GPU thread,
// and enforces the rules of the _sync warp intrinsics that a GPU never checks.
//
// Build any kernel file with the host compiler, this folder first on the
// include path, so that its #include <cuda_runtime.h> finds the emulator:
//
//   g++ -std=c++17 -O2 -x c++ -I emulator -o shuffles-emulated shuffles.cu && ./shuffles-emulated
//
// What it models (CUDA C++ Programming Guide, "Warp Shuffle Functions",
// "Warp Vote Functions", "Synchronization Functions"; PTX ISA shfl.sync,
// vote.sync, bar.warp.sync):
//   - Independent thread scheduling (compute capability 7.0 on): every thread
//     is its own fiber, runs on its own until it reaches a collective, and the
//     lanes of a warp can reach collectives at different times and places.
//   - Each calling lane must have its own bit set in the mask.
//   - Every non-exited lane named in the mask must reach the same intrinsic
//     with the same mask. When the lanes cannot all get there (one waits at
//     another collective, or with another mask), the emulator reports which
//     lanes, at which call, under which mask, then lets the call go ahead with
//     the lanes that came, instead of hanging.
//   - A shuffle that reads a lane not taking part in that call gets poison
//     (kPoison below: NaN for floating point, 0xBAADF00D for integers), and
//     the read is logged: kernel, block, warp, reading lane, source lane,
//     intrinsic, mask and offset.
//   - A source lane outside the caller's width-wide segment keeps the caller's
//     own value (down past the end, up before the start, xor into a later
//     segment); __shfl_sync takes srcLane modulo width.
//   - __ballot_sync, __any_sync, __all_sync, __match_any_sync, __match_all_sync
//     and __reduce_{add,min,max,and,or,xor}_sync count only the lanes that take
//     part and are named; __activemask() is the set of lanes that reach that call
//     together; __syncwarp(mask) and __syncthreads() are barriers; exited
//     threads count as arrived, as they do on the GPU.
//   - __shared__ arrays: one copy per block, seen by all its warps, filled
//     with 0xff bytes (NaN, -1) when each block starts, so a read of a slot no
//     thread of this block has written shows up.
//
// What it cannot know: registers and local memory are decisions of a GPU
// compiler, so cudaFuncGetAttributes reports them as 0 and the device name
// says so. Timing, memory coalescing and warp-synchronous tricks that rely on
// lanes running in lockstep are not modelled (lanes here never run in step,
// which is the point). Blocks run one after another on one CPU thread, so
// atomics are exact and __threadfence() has nothing to do. A thread yields
// only at a collective, so a loop that waits on memory another thread writes,
// with no collective inside, never ends here. Dynamic shared memory (extern
// __shared__) is not supported, and shared/block counts the __shared__ arrays
// declared in the kernel's own body, not in the functions it calls.
//
// The lanes of a block are switched on a small assembly routine on x86-64
// and with <ucontext.h> elsewhere; the symbol table of the running program
// gives kernel names and each kernel's __shared__ bytes (Linux, ELF).
#pragma once

#define WARP_EMULATOR 1

#include <cxxabi.h>
#include <elf.h>
#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <limits>
#include <map>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#if !defined(__x86_64__) || defined(WARP_EMULATOR_UCONTEXT)
#include <ucontext.h>
#define WARP_EMULATOR_USES_UCONTEXT 1
#endif

// ===========================================================================
// CUDA keywords, as the host compiler should read them
// ===========================================================================

#define __global__
#define __device__
#define __host__
#define __constant__
#define __forceinline__ inline __attribute__((always_inline))
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
// Every __shared__ array lands in one section of the program, which the
// emulator refills with 0xff at the start of each block and measures per
// kernel from the symbol table.
#define __shared__ __attribute__((section("warp_emulator_shared"), aligned(16), used)) static

extern "C" char __start_warp_emulator_shared[] __attribute__((weak));
extern "C" char __stop_warp_emulator_shared[] __attribute__((weak));

// ===========================================================================
// Vector types and the runtime API's types
// ===========================================================================

struct uint3 {
    unsigned int x, y, z;
};
struct dim3 {
    unsigned int x, y, z;
    constexpr dim3(unsigned int vx = 1, unsigned int vy = 1, unsigned int vz = 1) : x(vx), y(vy), z(vz) {}
};
struct alignas(8) float2 {
    float x, y;
};
struct alignas(16) float4 {
    float x, y, z, w;
};
struct alignas(8) int2 {
    int x, y;
};
struct alignas(16) int4 {
    int x, y, z, w;
};
inline float2 make_float2(float x, float y) { return {x, y}; }
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }

constexpr int warpSize = 32;

// A stream handle. The emulator runs every launch to completion before the
// launch call returns, so one stream behaves as every stream.
struct CUstream_st;
using cudaStream_t = CUstream_st*;

// The values are the CUDA runtime's, so a message reads the same.
enum cudaError_t {
    cudaSuccess = 0,
    cudaErrorInvalidValue = 1,
    cudaErrorMemoryAllocation = 2,
    cudaErrorInvalidConfiguration = 9,
    cudaErrorInsufficientDriver = 35,
    cudaErrorInvalidDeviceFunction = 98,
    cudaErrorNoDevice = 100,
    cudaErrorNoKernelImageForDevice = 209,
    cudaErrorUnsupportedPtxVersion = 222,
    cudaErrorNotSupported = 801,
};
using cudaError = cudaError_t;

enum cudaMemcpyKind {
    cudaMemcpyHostToHost = 0,
    cudaMemcpyHostToDevice = 1,
    cudaMemcpyDeviceToHost = 2,
    cudaMemcpyDeviceToDevice = 3,
    cudaMemcpyDefault = 4,
};

struct cudaDeviceProp {
    char name[256];
    int major, minor;
    int warpSize;
    int multiProcessorCount;
    int maxThreadsPerBlock;
    size_t totalGlobalMem;
    size_t sharedMemPerBlock;
};

struct cudaFuncAttributes {
    size_t sharedSizeBytes;
    size_t constSizeBytes;
    size_t localSizeBytes;
    int maxThreadsPerBlock;
    int numRegs;
    int ptxVersion;
    int binaryVersion;
};

namespace warp_emulator {

// The device name the report prints: what this is, and what it cannot know.
constexpr const char* kDeviceName = "CPU warp emulator [registers and local/thread unknown, shown as 0]";
constexpr int kMaxThreadsPerBlock = 1024;
constexpr size_t kFiberStackBytes = 64 * 1024;  // kernel frames are small; device printf needs a few KiB
constexpr unsigned int kFullMask = 0xffffffffu;
constexpr std::uint64_t kIntegerPoison = 0xBAADF00DBAADF00Dull;  // what an undefined integer read returns
constexpr size_t kMaxDynamicSharedBytes = 227 * 1024;  // the most a block may opt in to on sm_90
constexpr int kReportedInFull = 10;   // per launch, the first rule breaks printed whole
constexpr size_t kKeptInFull = 1000;  // per launch, the first rule breaks kept for a test to read

// What a shuffle returns when it reads a lane that is not taking part.
template <typename T>
T poison() {
    static_assert(std::is_trivially_copyable<T>::value, "shuffles move trivially copyable values");
    if constexpr (std::is_floating_point<T>::value) {
        return std::numeric_limits<T>::quiet_NaN();
    } else {
        T value;
        unsigned char bytes[sizeof(T)];
        for (size_t i = 0; i < sizeof(T); ++i) {
            bytes[i] = static_cast<unsigned char>(kIntegerPoison >> (8 * (i % 8)));
        }
        std::memcpy(&value, bytes, sizeof(T));
        return value;
    }
}

// Dynamic shared memory (extern __shared__, the launch's third <<< >>>
// argument): one buffer at a fixed address, its first sharedBytes refilled
// with 0xff for each block, as the static __shared__ arrays are.
alignas(128) inline char dynamicShared[kMaxDynamicSharedBytes];
inline void* dynamicSharedMemory() { return dynamicShared; }

// What emulator/emulate writes for `extern __shared__ Type name[];`.
#define WARP_EMULATOR_EXTERN_SHARED(name, ...) \
    __VA_ARGS__* const name = static_cast<__VA_ARGS__*>(::warp_emulator::dynamicSharedMemory())

// ---------------------------------------------------------------------------
// Fibers: one stack per thread of a block, switched by hand
// ---------------------------------------------------------------------------

#ifdef WARP_EMULATOR_USES_UCONTEXT
struct Context {
    ucontext_t context;
};
#else
struct Context {
    void* stackPointer = nullptr;
};
}  // namespace warp_emulator

// Saves the callee-saved registers and the stack pointer of the running code
// in *save, loads those of `load`, and returns into it. Weak, because every
// file that includes this header defines it.
extern "C" void warp_emulator_switch(void** save, void* load);
__asm__(
    ".text\n"
    ".weak warp_emulator_switch\n"
    ".type warp_emulator_switch, @function\n"
    "warp_emulator_switch:\n"
    "  pushq %rbp\n"
    "  pushq %rbx\n"
    "  pushq %r12\n"
    "  pushq %r13\n"
    "  pushq %r14\n"
    "  pushq %r15\n"
    "  movq %rsp, (%rdi)\n"
    "  movq %rsi, %rsp\n"
    "  popq %r15\n"
    "  popq %r14\n"
    "  popq %r13\n"
    "  popq %r12\n"
    "  popq %rbx\n"
    "  popq %rbp\n"
    "  ret\n"
    ".size warp_emulator_switch, .-warp_emulator_switch\n");

namespace warp_emulator {
#endif

// ---------------------------------------------------------------------------
// What a lane asks for when it reaches a collective
// ---------------------------------------------------------------------------

enum class Op {
    ShflIdx, ShflUp, ShflDown, ShflXor,
    Ballot, Any, All, MatchAny, MatchAll,
    ReduceAdd, ReduceMin, ReduceMax, ReduceAnd, ReduceOr, ReduceXor,
    SyncWarp, ActiveMask, SyncThreads
};

inline const char* opName(Op op) {
    switch (op) {
        case Op::ShflIdx: return "__shfl_sync";
        case Op::ShflUp: return "__shfl_up_sync";
        case Op::ShflDown: return "__shfl_down_sync";
        case Op::ShflXor: return "__shfl_xor_sync";
        case Op::Ballot: return "__ballot_sync";
        case Op::Any: return "__any_sync";
        case Op::All: return "__all_sync";
        case Op::MatchAny: return "__match_any_sync";
        case Op::MatchAll: return "__match_all_sync";
        case Op::ReduceAdd: return "__reduce_add_sync";
        case Op::ReduceMin: return "__reduce_min_sync";
        case Op::ReduceMax: return "__reduce_max_sync";
        case Op::ReduceAnd: return "__reduce_and_sync";
        case Op::ReduceOr: return "__reduce_or_sync";
        case Op::ReduceXor: return "__reduce_xor_sync";
        case Op::SyncWarp: return "__syncwarp";
        case Op::ActiveMask: return "__activemask";
        case Op::SyncThreads: return "__syncthreads";
    }
    return "?";
}

inline bool isShuffle(Op op) {
    return op == Op::ShflIdx || op == Op::ShflUp || op == Op::ShflDown || op == Op::ShflXor;
}

inline std::string hexMask(unsigned int mask) {
    char text[16];
    std::snprintf(text, sizeof text, "0x%08x", mask);
    return text;
}

inline std::string siteText(const char* file, int line) {
    const char* slash = std::strrchr(file, '/');
    return std::string(slash != nullptr ? slash + 1 : file) + ":" + std::to_string(line);
}

// "__shfl_down_sync(0x000fffff, ..., 16)": the call as the source wrote it.
inline std::string callText(Op op, unsigned int mask, int operand, int width) {
    std::string text = std::string(opName(op)) + "(";
    if (op == Op::ActiveMask || op == Op::SyncThreads) {
        return text + ")";
    }
    text += hexMask(mask);
    if (isShuffle(op)) {
        text += ", ..., " + std::to_string(operand);
        if (width != warpSize) {
            text += ", " + std::to_string(width);
        }
    } else if (op != Op::SyncWarp) {
        text += ", ...";
    }
    return text + ")";
}

// "0-15", "0-4, 6-31": a set of lanes for a message.
inline std::string laneList(unsigned int lanes) {
    std::string text;
    for (int lane = 0; lane < warpSize;) {
        if (((lanes >> lane) & 1u) == 0) {
            ++lane;
            continue;
        }
        int last = lane;
        while (last + 1 < warpSize && ((lanes >> (last + 1)) & 1u) != 0) {
            ++last;
        }
        text += (text.empty() ? "" : ", ") + std::to_string(lane) + (last > lane ? "-" + std::to_string(last) : "");
        lane = last + 1;
    }
    return text.empty() ? "none" : text;
}

// "lane 5" or "lanes 0-4, 6-31".
inline std::string lanesPhrase(unsigned int lanes) {
    return (__builtin_popcount(lanes) == 1 ? "lane " : "lanes ") + laneList(lanes);
}

struct Request {
    Op op = Op::SyncWarp;
    unsigned int mask = 0;
    std::uint64_t value = 0;  // a shuffle's operand bits, or a vote's predicate
    int operand = 0;          // srcLane, delta or laneMask
    int width = warpSize;
    const char* file = "";
    int line = 0;
    std::uint64_t result = 0;
    bool isSigned = false;    // __reduce_min/max_sync on int rather than unsigned
    bool poisoned = false;    // the result is undefined: return poison
    bool allMatched = false;  // __match_all_sync's *pred
};

enum class State { Runnable, Waiting, Exited };

struct Lane {
    Context context;
    State state = State::Exited;
    uint3 threadIndex{0, 0, 0};
    int warp = 0;
    int lane = 0;
    Request request;
};

// One kind of undefined read: which call (an index into LaunchReport::calls,
// in the order the calls first read an absent lane), which lane read which.
struct ReadKey {
    int call;
    int readingLane;
    int sourceLane;
    bool operator<(const ReadKey& other) const {
        return std::tie(call, readingLane, sourceLane) < std::tie(other.call, other.readingLane, other.sourceLane);
    }
};

// Everything one launch found. The emulator's own tests read it.
struct LaunchReport {
    std::string kernel;
    long long undefinedReads = 0;
    std::string firstUndefinedRead;
    std::vector<std::string> calls;            // "__shfl_down_sync(0x000fffff, ..., 16) at shuffles.cu:292"
    std::map<ReadKey, long long> readsByLane;  // value: how many times that read happened
    std::vector<std::string> ruleBreaks;  // the first kKeptInFull of them
    long long ruleBreakCount = 0;

    // How many times `readingLane` read `sourceLane` in a call whose text contains `call`.
    long long reads(int readingLane, int sourceLane, const std::string& call) const {
        long long count = 0;
        for (const auto& [key, times] : readsByLane) {
            if (key.readingLane == readingLane && key.sourceLane == sourceLane &&
                calls[static_cast<size_t>(key.call)].find(call) != std::string::npos) {
                count += times;
            }
        }
        return count;
    }
};

// ---------------------------------------------------------------------------
// Kernel names and __shared__ sizes, from the running program's symbol table
// ---------------------------------------------------------------------------

class SymbolTable {
public:
    static const SymbolTable& get() {
        static const SymbolTable table;
        return table;
    }

    // The kernel's name without its parameter list, or its address.
    std::string nameOf(const void* function) const {
        const std::string mangled = mangledNameOf(function);
        if (mangled.empty()) {
            char text[32];
            std::snprintf(text, sizeof text, "kernel at %p", function);
            return text;
        }
        int status = 0;
        char* demangled = abi::__cxa_demangle(mangled.c_str(), nullptr, nullptr, &status);
        std::string name = status == 0 && demangled != nullptr ? demangled : mangled;
        std::free(demangled);
        return name.substr(0, name.find('('));
    }

    // The bytes of the __shared__ arrays declared inside the function (its
    // local statics in the shared section), or -1 if the table is missing.
    long long sharedBytesOf(const void* function) const {
        const std::string mangled = mangledNameOf(function);
        if (mangled.empty()) {
            return -1;
        }
        // A local static of _Z6kernelPf is _ZZ6kernelPfE4tile; of an extern "C"
        // kernel, _ZZ6kernelE4tile.
        const std::string prefix = mangled.compare(0, 2, "_Z") == 0
                                       ? "_ZZ" + mangled.substr(2) + "E"
                                       : "_ZZ" + std::to_string(mangled.size()) + mangled + "E";
        long long bytes = 0;
        for (const Symbol& symbol : sharedObjects_) {
            if (symbol.name.compare(0, prefix.size(), prefix) == 0) {
                bytes += static_cast<long long>(symbol.size);
            }
        }
        return bytes;
    }

private:
    struct Symbol {
        std::string name;
        std::uintptr_t address;
        std::size_t size;
    };
    std::vector<Symbol> functions_;
    std::vector<Symbol> sharedObjects_;

    std::string mangledNameOf(const void* function) const {
        const auto address = reinterpret_cast<std::uintptr_t>(function);
        for (const Symbol& symbol : functions_) {
            if (symbol.address == address) {
                return symbol.name;
            }
        }
        return "";
    }

    static int firstObjectBase(dl_phdr_info* info, size_t, void* base) {
        *static_cast<std::uintptr_t*>(base) = info->dlpi_addr;
        return 1;  // the first object is the program itself
    }

    SymbolTable() {
        std::ifstream file("/proc/self/exe", std::ios::binary);
        const std::vector<char> image((std::istreambuf_iterator<char>(file)), std::istreambuf_iterator<char>());
        if (image.size() < sizeof(Elf64_Ehdr) || std::memcmp(image.data(), ELFMAG, SELFMAG) != 0 ||
            image[EI_CLASS] != ELFCLASS64) {
            return;
        }
        std::uintptr_t base = 0;
        dl_iterate_phdr(firstObjectBase, &base);
        Elf64_Ehdr header;
        std::memcpy(&header, image.data(), sizeof header);
        std::vector<Elf64_Shdr> sections(header.e_shnum);
        if (header.e_shoff + sections.size() * sizeof(Elf64_Shdr) > image.size()) {
            return;
        }
        std::memcpy(sections.data(), image.data() + header.e_shoff, sections.size() * sizeof(Elf64_Shdr));
        const char* sectionNames = image.data() + sections[header.e_shstrndx].sh_offset;
        size_t sharedSection = 0;
        for (size_t i = 0; i < sections.size(); ++i) {
            if (std::strcmp(sectionNames + sections[i].sh_name, "warp_emulator_shared") == 0) {
                sharedSection = i;
            }
        }
        for (const Elf64_Shdr& section : sections) {
            if (section.sh_type != SHT_SYMTAB) {
                continue;
            }
            const char* names = image.data() + sections[section.sh_link].sh_offset;
            const size_t count = section.sh_size / sizeof(Elf64_Sym);
            for (size_t i = 0; i < count; ++i) {
                Elf64_Sym symbol;
                std::memcpy(&symbol, image.data() + section.sh_offset + i * sizeof(Elf64_Sym), sizeof symbol);
                const int type = ELF64_ST_TYPE(symbol.st_info);
                if (type == STT_FUNC && symbol.st_value != 0) {
                    functions_.push_back({names + symbol.st_name, base + symbol.st_value, symbol.st_size});
                } else if (type == STT_OBJECT && sharedSection != 0 && symbol.st_shndx == sharedSection) {
                    sharedObjects_.push_back({names + symbol.st_name, base + symbol.st_value, symbol.st_size});
                }
            }
        }
    }
};

// ---------------------------------------------------------------------------
// The scheduler: runs the threads of one block until each reaches a
// collective, then carries out every collective whose lanes have all come
// ---------------------------------------------------------------------------

class Runtime {
public:
    Lane* current = nullptr;  // the running thread; null on the host
    uint3 blockIndex{0, 0, 0};
    dim3 gridSize, blockSize;
    cudaError_t lastError = cudaSuccess;
    LaunchReport report;

    // Runs kernel(arguments...) for every thread of the grid, then prints
    // what it found on stderr. Returns the launch's report.
    template <typename... Parameters, typename... Arguments>
    const LaunchReport& launch(void (*kernel)(Parameters...), dim3 grid, dim3 block, size_t sharedBytes,
                               Arguments&&... arguments) {
        report = LaunchReport{};
        dynamicSharedBytes_ = sharedBytes;
        report.kernel = SymbolTable::get().nameOf(reinterpret_cast<const void*>(kernel));
        const unsigned long long threads = 1ull * block.x * block.y * block.z;
        if (threads == 0 || threads > kMaxThreadsPerBlock || grid.x == 0 || grid.y == 0 || grid.z == 0 ||
            sharedBytes > kMaxDynamicSharedBytes) {
            lastError = cudaErrorInvalidConfiguration;
            return report;
        }
        std::tuple<std::decay_t<Parameters>...> bound(std::forward<Arguments>(arguments)...);
        auto body = [&] { std::apply(kernel, bound); };
        body_ = [](void* context) { (*static_cast<decltype(body)*>(context))(); };
        bodyContext_ = &body;
        gridSize = grid;
        blockSize = block;
        prepareStacks(static_cast<int>(threads));
        for (unsigned int z = 0; z < grid.z; ++z) {
            for (unsigned int y = 0; y < grid.y; ++y) {
                for (unsigned int x = 0; x < grid.x; ++x) {
                    blockIndex = {x, y, z};
                    runBlock(static_cast<int>(threads));
                }
            }
        }
        printReport(grid, block);
        return report;
    }

    // Called by every collective from inside a lane: hands the request to
    // the scheduler and returns once the scheduler has carried it out.
    Request& wait(const Request& request) {
        if (current == nullptr) {
            std::fprintf(stderr, "warp emulator: %s called outside a kernel at %s\n", opName(request.op),
                         siteText(request.file, request.line).c_str());
            std::abort();
        }
        Lane& lane = *current;
        lane.request = request;
        lane.state = State::Waiting;
        switchToScheduler(lane);
        return lane.request;
    }

private:
    size_t dynamicSharedBytes_ = 0;
    void (*body_)(void*) = nullptr;
    void* bodyContext_ = nullptr;
    std::vector<Lane> lanes_;
    char* stacks_ = nullptr;
    size_t stackCount_ = 0;
    size_t stackStride_ = 0;
#ifdef WARP_EMULATOR_USES_UCONTEXT
    ucontext_t scheduler_;
#else
    void* scheduler_ = nullptr;
#endif

    // One stack per thread of a block, each with a guard page below it, so
    // an overflow stops with a fault instead of corrupting its neighbour.
    void prepareStacks(int threads) {
        if (static_cast<size_t>(threads) <= stackCount_) {
            return;
        }
        const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
        stackStride_ = kFiberStackBytes + page;
        void* memory = mmap(nullptr, stackStride_ * threads, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (memory == MAP_FAILED) {
            std::fprintf(stderr, "warp emulator: cannot map %d fiber stacks\n", threads);
            std::abort();
        }
        for (int i = 0; i < threads; ++i) {
            mprotect(static_cast<char*>(memory) + i * stackStride_, page, PROT_NONE);
        }
        if (stacks_ != nullptr) {
            munmap(stacks_, stackStride_ * stackCount_);
        }
        stacks_ = static_cast<char*>(memory);
        stackCount_ = static_cast<size_t>(threads);
        lanes_.resize(stackCount_);
    }

    static void fiberEntry() {
        Runtime& runtime = instance();
        runtime.body_(runtime.bodyContext_);
        Lane& lane = *runtime.current;
        lane.state = State::Exited;
        runtime.switchToScheduler(lane);
        std::abort();  // an exited fiber is never resumed
    }

#ifdef WARP_EMULATOR_USES_UCONTEXT
    static void fiberEntryForUcontext() { fiberEntry(); }
    void startFiber(Lane& lane, int index) {
        getcontext(&lane.context.context);
        lane.context.context.uc_stack.ss_sp = stacks_ + index * stackStride_ + (stackStride_ - kFiberStackBytes);
        lane.context.context.uc_stack.ss_size = kFiberStackBytes;
        lane.context.context.uc_link = nullptr;
        makecontext(&lane.context.context, fiberEntryForUcontext, 0);
    }
    void switchToLane(Lane& lane) {
        current = &lane;
        swapcontext(&scheduler_, &lane.context.context);
        current = nullptr;
    }
    void switchToScheduler(Lane& lane) { swapcontext(&lane.context.context, &scheduler_); }
#else
    // The new stack, from its top: a zero return address for fiberEntry, the
    // address warp_emulator_switch returns to, six zeroed saved registers.
    void startFiber(Lane& lane, int index) {
        char* top = stacks_ + (index + 1) * stackStride_;
        void** stack = reinterpret_cast<void**>(top);
        *--stack = nullptr;
        *--stack = reinterpret_cast<void*>(&fiberEntry);
        for (int i = 0; i < 6; ++i) {
            *--stack = nullptr;
        }
        lane.context.stackPointer = stack;
    }
    void switchToLane(Lane& lane) {
        current = &lane;
        warp_emulator_switch(&scheduler_, lane.context.stackPointer);
        current = nullptr;
    }
    void switchToScheduler(Lane& lane) { warp_emulator_switch(&lane.context.stackPointer, scheduler_); }
#endif

    void runBlock(int threads) {
        char* const sharedStart = __start_warp_emulator_shared;
        char* const sharedStop = __stop_warp_emulator_shared;
        if (sharedStart != sharedStop) {
            std::memset(sharedStart, 0xff, static_cast<size_t>(sharedStop - sharedStart));
        }
        std::memset(dynamicShared, 0xff, dynamicSharedBytes_);
        for (int i = 0; i < threads; ++i) {
            Lane& lane = lanes_[static_cast<size_t>(i)];
            lane.state = State::Runnable;
            lane.threadIndex = {static_cast<unsigned int>(i % blockSize.x),
                                static_cast<unsigned int>(i / blockSize.x % blockSize.y),
                                static_cast<unsigned int>(i / (blockSize.x * blockSize.y))};
            lane.warp = i / warpSize;
            lane.lane = i % warpSize;
            startFiber(lane, i);
        }
        const int warps = (threads + warpSize - 1) / warpSize;
        for (;;) {
            int exited = 0;
            for (int i = 0; i < threads; ++i) {
                Lane& lane = lanes_[static_cast<size_t>(i)];
                if (lane.state == State::Runnable) {
                    switchToLane(lane);
                }
                exited += lane.state == State::Exited;
            }
            if (exited == threads) {
                break;
            }
            // Every thread left is waiting at a collective. Carry out those
            // whose lanes have all come; failing that, hand out __activemask();
            // failing that, some named lane is never coming: report and force.
            bool progressed = releaseBarrier(threads);
            for (int warp = 0; warp < warps; ++warp) {
                progressed |= completeWarp(warp, threads, false);
            }
            if (!progressed) {
                for (int warp = 0; warp < warps; ++warp) {
                    progressed |= answerActiveMask(warp, threads);
                }
            }
            for (int warp = 0; warp < warps && !progressed; ++warp) {
                progressed |= completeWarp(warp, threads, true);
            }
            if (!progressed) {
                std::fprintf(stderr, "warp emulator: internal error, block (%u,%u,%u) cannot make progress\n",
                             blockIndex.x, blockIndex.y, blockIndex.z);
                std::abort();
            }
        }
    }

    // The lanes of `warp` that exist in this block, as a mask.
    unsigned int existingLanes(int warp, int threads) const {
        const int count = std::min(warpSize, threads - warp * warpSize);
        return count == warpSize ? kFullMask : (1u << count) - 1u;
    }

    Lane& laneOf(int warp, int lane) { return lanes_[static_cast<size_t>(warp * warpSize + lane)]; }

    unsigned int lanesWhere(int warp, int threads, State state) {
        unsigned int lanes = 0;
        const unsigned int existing = existingLanes(warp, threads);
        for (int lane = 0; lane < warpSize; ++lane) {
            if (((existing >> lane) & 1u) != 0 && laneOf(warp, lane).state == state) {
                lanes |= 1u << lane;
            }
        }
        return lanes;
    }

    // __syncthreads(): released once every thread that has not exited is there.
    bool releaseBarrier(int threads) {
        bool anyWaiting = false;
        for (int i = 0; i < threads; ++i) {
            const Lane& lane = lanes_[static_cast<size_t>(i)];
            if (lane.state == State::Waiting && lane.request.op != Op::SyncThreads) {
                return false;
            }
            anyWaiting |= lane.state == State::Waiting;
        }
        for (int i = 0; anyWaiting && i < threads; ++i) {
            Lane& lane = lanes_[static_cast<size_t>(i)];
            if (lane.state == State::Waiting) {
                lane.state = State::Runnable;
            }
        }
        return anyWaiting;
    }

    // Carries out every call in `warp` whose named lanes have all arrived (or
    // exited). With `force`, carries out the one call holding the lowest
    // waiting lane even though a named lane is elsewhere, after reporting it.
    bool completeWarp(int warp, int threads, bool force) {
        const unsigned int waiting = lanesWhere(warp, threads, State::Waiting);
        const unsigned int exited = lanesWhere(warp, threads, State::Exited) | ~existingLanes(warp, threads);
        bool progressed = false;
        unsigned int considered = 0;
        for (int first = 0; first < warpSize; ++first) {
            if (((waiting >> first) & 1u) == 0 || ((considered >> first) & 1u) != 0) {
                continue;
            }
            const Request& request = laneOf(warp, first).request;
            if (request.op == Op::SyncThreads || request.op == Op::ActiveMask) {
                considered |= 1u << first;
                continue;
            }
            unsigned int arrived = 0;  // the lanes at the same intrinsic with the same mask
            for (int lane = first; lane < warpSize; ++lane) {
                const Request& other = laneOf(warp, lane).request;
                if (((waiting >> lane) & 1u) != 0 && other.op == request.op && other.mask == request.mask) {
                    arrived |= 1u << lane;
                }
            }
            considered |= arrived;
            const unsigned int missing = request.mask & ~arrived & ~exited;
            if (missing == 0 || force) {
                if (missing != 0) {
                    reportMissing(warp, request, arrived, missing);
                }
                carryOut(warp, arrived);
                progressed = true;
                if (force) {
                    return true;
                }
            }
        }
        return progressed;
    }

    // __activemask(): the lanes that reached the same __activemask() call.
    bool answerActiveMask(int warp, int threads) {
        const unsigned int waiting = lanesWhere(warp, threads, State::Waiting);
        bool progressed = false;
        for (int first = 0; first < warpSize; ++first) {
            Lane& lane = laneOf(warp, first);
            // `waiting` was taken before this loop; a lane answered as part of
            // an earlier group is Runnable now, hence the second test.
            if (((waiting >> first) & 1u) == 0 || lane.state != State::Waiting || lane.request.op != Op::ActiveMask) {
                continue;
            }
            unsigned int together = 0;
            for (int other = first; other < warpSize; ++other) {
                const Request& request = laneOf(warp, other).request;
                if (((waiting >> other) & 1u) != 0 && request.op == Op::ActiveMask && request.line == lane.request.line &&
                    std::strcmp(request.file, lane.request.file) == 0) {
                    together |= 1u << other;
                }
            }
            for (int other = 0; other < warpSize; ++other) {
                if (((together >> other) & 1u) != 0) {
                    laneOf(warp, other).request.result = together;
                    laneOf(warp, other).state = State::Runnable;
                }
            }
            progressed = true;
        }
        return progressed;
    }

    std::string where(int warp) const {
        return "kernel " + report.kernel + ", block (" + std::to_string(blockIndex.x) + "," +
               std::to_string(blockIndex.y) + "," + std::to_string(blockIndex.z) + "), warp " + std::to_string(warp);
    }

    void ruleBroken(const std::string& text) {
        if (report.ruleBreakCount++ < static_cast<long long>(kKeptInFull)) {
            report.ruleBreaks.push_back(text);
        }
    }

    void reportMissing(int warp, const Request& request, unsigned int arrived, unsigned int missing) {
        std::string text = where(warp) + ": " + callText(request.op, request.mask, request.operand, request.width) +
                           " at " + siteText(request.file, request.line) + " was reached by " +
                           lanesPhrase(arrived) + ", but " + lanesPhrase(missing) +
                           ", named in its mask, never arrived:";
        // Where the missing lanes are instead, one clause per place.
        std::map<std::string, unsigned int> elsewhere;
        for (int lane = 0; lane < warpSize; ++lane) {
            if (((missing >> lane) & 1u) == 0) {
                continue;
            }
            const Request& other = laneOf(warp, lane).request;
            std::string place = other.op == request.op ? "at the same intrinsic with a different mask, " : "at ";
            place += callText(other.op, other.mask, other.operand, other.width) + " at " +
                     siteText(other.file, other.line);
            elsewhere[place] |= 1u << lane;
        }
        for (const auto& [place, lanes] : elsewhere) {
            text += " " + lanesPhrase(lanes) + (__builtin_popcount(lanes) == 1 ? " waits " : " wait ") + place + ";";
        }
        text.back() = '.';
        ruleBroken(text + " The call went ahead with the lanes that came.");
    }

    // The source lane a shuffle reads for `lane`, or `lane` itself where the
    // guide says the caller keeps its own value.
    static int sourceLane(const Request& request, int lane) {
        const int width = request.width;
        const int segmentStart = lane / width * width;
        switch (request.op) {
            case Op::ShflIdx: return segmentStart + (request.operand & (width - 1));
            case Op::ShflUp: {
                const long long source = static_cast<long long>(lane) - static_cast<unsigned int>(request.operand);
                return source < segmentStart ? lane : static_cast<int>(source);
            }
            case Op::ShflDown: {
                const long long source = static_cast<long long>(lane) + static_cast<unsigned int>(request.operand);
                return source >= segmentStart + width ? lane : static_cast<int>(source);
            }
            case Op::ShflXor: {
                const long long source = lane ^ static_cast<unsigned int>(request.operand);
                return source >= segmentStart + width ? lane : static_cast<int>(source);
            }
            default: return lane;
        }
    }

    void carryOut(int warp, unsigned int arrived) {
        const int first = __builtin_ctz(arrived);
        const Request request = laneOf(warp, first).request;  // op and mask are the same for all
        const unsigned int named = arrived & request.mask;
        for (int lane = 0; lane < warpSize; ++lane) {
            if (((arrived >> lane) & 1u) != 0 && ((request.mask >> lane) & 1u) == 0) {
                ruleBroken(where(warp) + ": lane " + std::to_string(lane) + " called " +
                           callText(request.op, request.mask, request.operand, request.width) + " at " +
                           siteText(request.file, request.line) +
                           ", whose mask does not name it (each calling lane must set its own bit).");
            }
        }
        std::uint64_t ballot = 0;
        for (int lane = 0; lane < warpSize; ++lane) {
            if (((named >> lane) & 1u) != 0 && laneOf(warp, lane).request.value != 0) {
                ballot |= 1ull << lane;
            }
        }
        for (int lane = 0; lane < warpSize; ++lane) {
            if (((arrived >> lane) & 1u) == 0) {
                continue;
            }
            Request& mine = laneOf(warp, lane).request;
            mine.poisoned = ((request.mask >> lane) & 1u) == 0;
            switch (request.op) {
                case Op::Ballot: mine.result = ballot; break;
                case Op::Any: mine.result = ballot != 0; break;
                case Op::All: mine.result = ballot == named; break;
                case Op::MatchAny:
                case Op::MatchAll: {
                    unsigned int same = 0;  // the named lanes holding this lane's value, bit for bit
                    for (int other = 0; other < warpSize; ++other) {
                        if (((named >> other) & 1u) != 0 && laneOf(warp, other).request.value == mine.value) {
                            same |= 1u << other;
                        }
                    }
                    mine.allMatched = same == named;
                    mine.result = request.op == Op::MatchAny ? same : (mine.allMatched ? request.mask : 0u);
                    break;
                }
                case Op::ReduceAdd:
                case Op::ReduceMin:
                case Op::ReduceMax:
                case Op::ReduceAnd:
                case Op::ReduceOr:
                case Op::ReduceXor: mine.result = reduce(warp, request.op, named, mine.isSigned); break;
                case Op::SyncWarp: break;
                default: {
                    if (mine.width < 1 || mine.width > warpSize || (mine.width & (mine.width - 1)) != 0) {
                        ruleBroken(where(warp) + ": lane " + std::to_string(lane) + " called " +
                                   callText(mine.op, mine.mask, mine.operand, mine.width) + " at " +
                                   siteText(mine.file, mine.line) + " with a width that is not 1, 2, 4, 8, 16 or 32.");
                        mine.poisoned = true;
                        break;
                    }
                    const int source = sourceLane(mine, lane);
                    if (((arrived >> source) & 1u) == 0) {
                        recordUndefinedRead(warp, mine, lane, source);
                        mine.poisoned = true;
                    } else {
                        mine.result = laneOf(warp, source).request.value;
                    }
                }
            }
        }
        for (int lane = 0; lane < warpSize; ++lane) {
            if (((arrived >> lane) & 1u) != 0) {
                laneOf(warp, lane).state = State::Runnable;
            }
        }
    }

    // __reduce_*_sync over the named lanes that arrived, on 32-bit values.
    std::uint64_t reduce(int warp, Op op, unsigned int named, bool isSigned) {
        std::uint32_t result = op == Op::ReduceAnd ? 0xffffffffu : 0u;
        bool first = true;
        for (int lane = 0; lane < warpSize; ++lane) {
            if (((named >> lane) & 1u) == 0) {
                continue;
            }
            const auto value = static_cast<std::uint32_t>(laneOf(warp, lane).request.value);
            auto below = [isSigned](std::uint32_t a, std::uint32_t b) {
                return isSigned ? static_cast<std::int32_t>(a) < static_cast<std::int32_t>(b) : a < b;
            };
            switch (op) {
                case Op::ReduceAdd: result += value; break;
                case Op::ReduceMin: result = first || below(value, result) ? value : result; break;
                case Op::ReduceMax: result = first || below(result, value) ? value : result; break;
                case Op::ReduceAnd: result &= value; break;
                case Op::ReduceOr: result |= value; break;
                default: result ^= value; break;
            }
            first = false;
        }
        return result;
    }

    void recordUndefinedRead(int warp, const Request& request, int lane, int source) {
        const std::string call = callText(request.op, request.mask, request.operand, request.width) + " at " +
                                 siteText(request.file, request.line);
        if (report.undefinedReads++ == 0) {
            report.firstUndefinedRead = where(warp) + ": lane " + std::to_string(lane) + " read lane " +
                                        std::to_string(source) + ", which is not taking part, in " + call;
        }
        const auto known = std::find(report.calls.begin(), report.calls.end(), call);
        const int index = static_cast<int>(known - report.calls.begin());
        if (known == report.calls.end()) {
            report.calls.push_back(call);
        }
        ++report.readsByLane[{index, lane, source}];
    }

    void printReport(dim3 grid, dim3 block) const {
        if (report.undefinedReads == 0 && report.ruleBreakCount == 0) {
            return;
        }
        std::fprintf(stderr, "warp emulator: %s<<<(%u,%u,%u), (%u,%u,%u)>>>:\n", report.kernel.c_str(), grid.x, grid.y,
                     grid.z, block.x, block.y, block.z);
        if (report.ruleBreakCount != 0) {
            std::fprintf(stderr, "  %lld rule(s) of the _sync intrinsics broken\n", report.ruleBreakCount);
            for (size_t i = 0; i < report.ruleBreaks.size() && i < kReportedInFull; ++i) {
                std::fprintf(stderr, "  RULE BROKEN: %s\n", report.ruleBreaks[i].c_str());
            }
            if (report.ruleBreakCount > kReportedInFull) {
                std::fprintf(stderr, "  ... and %lld more\n", report.ruleBreakCount - kReportedInFull);
            }
        }
        if (report.undefinedReads != 0) {
            std::fprintf(stderr, "  %lld undefined shuffle reads, each given poison (NaN, or 0xBAADF00D for integers)\n",
                         report.undefinedReads);
            std::fprintf(stderr, "  first: %s\n", report.firstUndefinedRead.c_str());
            std::fprintf(stderr, "  by reading lane (how many times):\n");
            for (const auto& [key, warps] : report.readsByLane) {
                std::fprintf(stderr, "    lane %d read lane %d in %s (%lld)\n", key.readingLane, key.sourceLane,
                             report.calls[static_cast<size_t>(key.call)].c_str(), warps);
            }
        }
    }

public:
    static Runtime& instance() {
        static Runtime runtime;
        return runtime;
    }
};

inline Runtime& runtime() { return Runtime::instance(); }

// Launches kernel over grid x block threads, as kernel<<<grid, block>>>(...)
// would, and returns what the emulator found.
template <typename... Parameters, typename... Arguments>
const LaunchReport& launch(void (*kernel)(Parameters...), dim3 grid, dim3 block, Arguments&&... arguments) {
    return runtime().launch(kernel, grid, block, 0, std::forward<Arguments>(arguments)...);
}

// kernel<<<grid, block, sharedBytes, stream>>>(arguments...) is written
// configuredLaunch(kernel, grid, block, sharedBytes, stream)(arguments...)
// here; emulator/emulate rewrites a .cu file's launches into this form.
template <typename... Parameters>
struct ConfiguredLaunch {
    void (*kernel)(Parameters...);
    dim3 grid, block;
    size_t sharedBytes;
    template <typename... Arguments>
    void operator()(Arguments&&... arguments) const {
        runtime().launch(kernel, grid, block, sharedBytes, std::forward<Arguments>(arguments)...);
    }
};
template <typename... Parameters>
ConfiguredLaunch<Parameters...> configuredLaunch(void (*kernel)(Parameters...), dim3 grid, dim3 block,
                                                 size_t sharedBytes = 0, cudaStream_t = nullptr) {
    return {kernel, grid, block, sharedBytes};
}

// The lane that is running: what threadIdx and friends read.
inline const Lane& self() {
    const Lane* lane = runtime().current;
    if (lane == nullptr) {
        std::fprintf(stderr, "warp emulator: threadIdx read outside a kernel\n");
        std::abort();
    }
    return *lane;
}

template <typename T>
T shuffle(Op op, unsigned int mask, T value, int operand, int width, const char* file, int line) {
    static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8, "a shuffle moves up to 8 bytes");
    Request request;
    request.op = op;
    request.mask = mask;
    std::memcpy(&request.value, &value, sizeof(T));
    request.operand = operand;
    request.width = width;
    request.file = file;
    request.line = line;
    const Request& done = runtime().wait(request);
    if (done.poisoned) {
        return poison<T>();
    }
    T result;
    std::memcpy(&result, &done.result, sizeof(T));
    return result;
}

inline Request& collective(Op op, unsigned int mask, std::uint64_t value, bool isSigned, const char* file, int line) {
    Request request;
    request.op = op;
    request.mask = mask;
    request.value = value;
    request.isSigned = isSigned;
    request.file = file;
    request.line = line;
    return runtime().wait(request);
}

inline Request& vote(Op op, unsigned int mask, int predicate, const char* file, int line) {
    return collective(op, mask, predicate != 0, false, file, line);
}

// The bits of a match's value, zero-extended: matches compare bit for bit.
template <typename T>
std::uint64_t bitsOf(T value) {
    static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8, "a match compares up to 8 bytes");
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(T));
    return bits;
}

inline unsigned int reduced(const Request& done) {
    return done.poisoned ? static_cast<unsigned int>(kIntegerPoison) : static_cast<unsigned int>(done.result);
}

}  // namespace warp_emulator

// ===========================================================================
// Built-in variables and intrinsics
// ===========================================================================

#define threadIdx (::warp_emulator::self().threadIndex)
#define blockIdx (::warp_emulator::runtime().blockIndex)
#define blockDim (::warp_emulator::runtime().blockSize)
#define gridDim (::warp_emulator::runtime().gridSize)

// The call site travels with every collective, so a report can name it.
#define WARP_EMULATOR_SITE const char *file = __builtin_FILE(), int line = __builtin_LINE()

template <typename T>
T __shfl_sync(unsigned int mask, T var, int srcLane, int width = warpSize, WARP_EMULATOR_SITE) {
    return warp_emulator::shuffle(warp_emulator::Op::ShflIdx, mask, var, srcLane, width, file, line);
}
template <typename T>
T __shfl_up_sync(unsigned int mask, T var, unsigned int delta, int width = warpSize, WARP_EMULATOR_SITE) {
    return warp_emulator::shuffle(warp_emulator::Op::ShflUp, mask, var, static_cast<int>(delta), width, file, line);
}
template <typename T>
T __shfl_down_sync(unsigned int mask, T var, unsigned int delta, int width = warpSize, WARP_EMULATOR_SITE) {
    return warp_emulator::shuffle(warp_emulator::Op::ShflDown, mask, var, static_cast<int>(delta), width, file, line);
}
template <typename T>
T __shfl_xor_sync(unsigned int mask, T var, int laneMask, int width = warpSize, WARP_EMULATOR_SITE) {
    return warp_emulator::shuffle(warp_emulator::Op::ShflXor, mask, var, laneMask, width, file, line);
}
inline unsigned int __ballot_sync(unsigned int mask, int predicate, WARP_EMULATOR_SITE) {
    const auto& done = warp_emulator::vote(warp_emulator::Op::Ballot, mask, predicate, file, line);
    return done.poisoned ? static_cast<unsigned int>(warp_emulator::kIntegerPoison)
                         : static_cast<unsigned int>(done.result);
}
inline int __any_sync(unsigned int mask, int predicate, WARP_EMULATOR_SITE) {
    const auto& done = warp_emulator::vote(warp_emulator::Op::Any, mask, predicate, file, line);
    return done.poisoned ? static_cast<int>(warp_emulator::kIntegerPoison) : static_cast<int>(done.result);
}
inline int __all_sync(unsigned int mask, int predicate, WARP_EMULATOR_SITE) {
    const auto& done = warp_emulator::vote(warp_emulator::Op::All, mask, predicate, file, line);
    return done.poisoned ? static_cast<int>(warp_emulator::kIntegerPoison) : static_cast<int>(done.result);
}
template <typename T>
unsigned int __match_any_sync(unsigned int mask, T value, WARP_EMULATOR_SITE) {
    using namespace warp_emulator;
    return reduced(collective(Op::MatchAny, mask, bitsOf(value), false, file, line));
}
template <typename T>
unsigned int __match_all_sync(unsigned int mask, T value, int* pred, WARP_EMULATOR_SITE) {
    using namespace warp_emulator;
    const Request& done = collective(Op::MatchAll, mask, bitsOf(value), false, file, line);
    *pred = done.allMatched && !done.poisoned;
    return reduced(done);
}

// __reduce_*_sync (compute capability 8.0 on): one 32-bit result for every named lane.
#define WARP_EMULATOR_REDUCE(name, op, Type, isSigned)                                                        \
    inline Type name(unsigned int mask, Type value, WARP_EMULATOR_SITE) {                                      \
        using namespace warp_emulator;                                                                         \
        return static_cast<Type>(                                                                              \
            reduced(collective(op, mask, static_cast<std::uint32_t>(value), isSigned, file, line)));           \
    }
WARP_EMULATOR_REDUCE(__reduce_add_sync, Op::ReduceAdd, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_add_sync, Op::ReduceAdd, int, true)
WARP_EMULATOR_REDUCE(__reduce_min_sync, Op::ReduceMin, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_min_sync, Op::ReduceMin, int, true)
WARP_EMULATOR_REDUCE(__reduce_max_sync, Op::ReduceMax, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_max_sync, Op::ReduceMax, int, true)
WARP_EMULATOR_REDUCE(__reduce_and_sync, Op::ReduceAnd, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_or_sync, Op::ReduceOr, unsigned int, false)
WARP_EMULATOR_REDUCE(__reduce_xor_sync, Op::ReduceXor, unsigned int, false)
#undef WARP_EMULATOR_REDUCE

inline void __syncwarp(unsigned int mask = 0xffffffffu, WARP_EMULATOR_SITE) {
    warp_emulator::vote(warp_emulator::Op::SyncWarp, mask, 0, file, line);
}
inline unsigned int __activemask(WARP_EMULATOR_SITE) {
    return static_cast<unsigned int>(warp_emulator::vote(warp_emulator::Op::ActiveMask, 0, 0, file, line).result);
}
inline void __syncthreads(WARP_EMULATOR_SITE) {
    warp_emulator::vote(warp_emulator::Op::SyncThreads, 0, 0, file, line);
}
inline void __threadfence() {}

inline int __popc(unsigned int x) { return __builtin_popcount(x); }
inline int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
inline int __ffs(int x) { return __builtin_ffs(x); }
inline int __ffsll(long long x) { return __builtin_ffsll(x); }
inline int __clz(int x) { return x == 0 ? 32 : __builtin_clz(static_cast<unsigned int>(x)); }
inline int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll(static_cast<unsigned long long>(x)); }
inline unsigned int __brev(unsigned int x) {
    unsigned int reversed = 0;
    for (int bit = 0; bit < 32; ++bit) {
        reversed |= ((x >> bit) & 1u) << (31 - bit);
    }
    return reversed;
}
inline int __float_as_int(float x) { int i; std::memcpy(&i, &x, sizeof i); return i; }
inline float __int_as_float(int i) { float x; std::memcpy(&x, &i, sizeof x); return x; }
inline unsigned int __float_as_uint(float x) { unsigned int i; std::memcpy(&i, &x, sizeof i); return i; }
inline float __uint_as_float(unsigned int i) { float x; std::memcpy(&x, &i, sizeof x); return x; }
template <typename T>
T __ldg(const T* address) { return *address; }

// Blocks run one after another and threads switch only at collectives, so an
// atomic is a plain read-modify-write here.
template <typename T>
T atomicAdd(T* address, T value) { const T old = *address; *address = old + value; return old; }
template <typename T>
T atomicMax(T* address, T value) { const T old = *address; *address = old < value ? value : old; return old; }
template <typename T>
T atomicMin(T* address, T value) { const T old = *address; *address = value < old ? value : old; return old; }
template <typename T>
T atomicExch(T* address, T value) { const T old = *address; *address = value; return old; }
template <typename T>
T atomicCAS(T* address, T compare, T value) { const T old = *address; if (old == compare) *address = value; return old; }

// ===========================================================================
// The runtime API: host memory stands in for device memory
// ===========================================================================

inline const char* cudaGetErrorName(cudaError_t error) {
    switch (error) {
        case cudaSuccess: return "cudaSuccess";
        case cudaErrorInvalidValue: return "cudaErrorInvalidValue";
        case cudaErrorMemoryAllocation: return "cudaErrorMemoryAllocation";
        case cudaErrorInvalidConfiguration: return "cudaErrorInvalidConfiguration";
        case cudaErrorInsufficientDriver: return "cudaErrorInsufficientDriver";
        case cudaErrorInvalidDeviceFunction: return "cudaErrorInvalidDeviceFunction";
        case cudaErrorNoDevice: return "cudaErrorNoDevice";
        case cudaErrorNoKernelImageForDevice: return "cudaErrorNoKernelImageForDevice";
        case cudaErrorUnsupportedPtxVersion: return "cudaErrorUnsupportedPtxVersion";
        case cudaErrorNotSupported: return "cudaErrorNotSupported";
    }
    return "cudaErrorUnknown";
}
inline const char* cudaGetErrorString(cudaError_t error) {
    switch (error) {
        case cudaSuccess: return "no error";
        case cudaErrorInvalidValue: return "invalid argument";
        case cudaErrorMemoryAllocation: return "out of memory";
        case cudaErrorInvalidConfiguration: return "invalid configuration argument";
        default: return "emulator error";
    }
}

inline cudaError_t cudaGetDeviceCount(int* count) {
    *count = 1;
    return cudaSuccess;
}
inline cudaError_t cudaSetDevice(int device) { return device == 0 ? cudaSuccess : cudaErrorInvalidValue; }

// Compute capability 7.0: the emulator enforces the rules of independent
// thread scheduling, which began there.
inline cudaError_t cudaGetDeviceProperties(cudaDeviceProp* properties, int device) {
    if (device != 0) {
        return cudaErrorInvalidValue;
    }
    *properties = cudaDeviceProp{};
    std::snprintf(properties->name, sizeof properties->name, "%s", warp_emulator::kDeviceName);
    properties->major = 7;
    properties->minor = 0;
    properties->warpSize = warpSize;
    properties->multiProcessorCount = 1;
    properties->maxThreadsPerBlock = warp_emulator::kMaxThreadsPerBlock;
    properties->totalGlobalMem = static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * static_cast<size_t>(sysconf(_SC_PAGESIZE));
    properties->sharedMemPerBlock = 48 * 1024;
    return cudaSuccess;
}

// Shared bytes are measured (the kernel's __shared__ arrays, from the symbol
// table); registers and local memory are a GPU compiler's and reported as 0.
template <typename... Parameters>
cudaError_t cudaFuncGetAttributes(cudaFuncAttributes* attributes, void (*kernel)(Parameters...)) {
    *attributes = cudaFuncAttributes{};
    const long long shared = warp_emulator::SymbolTable::get().sharedBytesOf(reinterpret_cast<const void*>(kernel));
    if (shared < 0) {
        std::fprintf(stderr, "warp emulator: no symbol table in this program, so __shared__ bytes are unknown\n");
        return cudaErrorNotSupported;
    }
    attributes->sharedSizeBytes = static_cast<size_t>(shared);
    attributes->maxThreadsPerBlock = warp_emulator::kMaxThreadsPerBlock;
    return cudaSuccess;
}

inline cudaError_t cudaMemGetInfo(size_t* freeBytes, size_t* totalBytes) {
    const size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    *freeBytes = static_cast<size_t>(sysconf(_SC_AVPHYS_PAGES)) * page;
    *totalBytes = static_cast<size_t>(sysconf(_SC_PHYS_PAGES)) * page;
    return cudaSuccess;
}

template <typename T>
cudaError_t cudaMalloc(T** pointer, size_t bytes) {
    void* memory = nullptr;
    if (posix_memalign(&memory, 256, bytes == 0 ? 1 : bytes) != 0) {
        return cudaErrorMemoryAllocation;
    }
    *pointer = static_cast<T*>(memory);
    return cudaSuccess;
}
inline cudaError_t cudaFree(void* pointer) {
    std::free(pointer);
    return cudaSuccess;
}
inline cudaError_t cudaMemcpy(void* destination, const void* source, size_t bytes, cudaMemcpyKind) {
    std::memmove(destination, source, bytes);
    return cudaSuccess;
}
inline cudaError_t cudaMemset(void* destination, int value, size_t bytes) {
    std::memset(destination, value, bytes);
    return cudaSuccess;
}
inline cudaError_t cudaGetLastError() {
    const cudaError_t error = warp_emulator::runtime().lastError;
    warp_emulator::runtime().lastError = cudaSuccess;
    return error;
}
inline cudaError_t cudaPeekAtLastError() { return warp_emulator::runtime().lastError; }
inline cudaError_t cudaDeviceSynchronize() { return cudaSuccess; }  // every launch has finished when it returns
inline cudaError_t cudaDeviceReset() { return cudaSuccess; }
