// kernel_calls.hpp: what a kernel's code and the emulator's runtime library
// say to each other. Everything a kernel calls by a CUDA name (intrinsics.hpp,
// host_api.hpp) becomes one of the calls declared here, implemented in
// emulator/runtime/ and compiled once, without instrumentation.
//
// Why the line matters: the learner's file is compiled with
// -fsanitize=thread, so every load and store it makes reaches the memory
// checks (runtime/access_hooks.cpp). The runtime's own memory must never be
// touched by that instrumented code, or a kernel would be charged with the
// emulator's accesses. So nothing here hands a kernel a pointer or reference
// into the runtime: requests and answers travel by value.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

#include "../keywords.hpp"

namespace warp_emulator {

enum class Op : unsigned char {
    ShflIdx, ShflUp, ShflDown, ShflXor,
    Ballot, Any, All, Uni, MatchAny, MatchAll,
    ReduceAdd, ReduceMin, ReduceMax, ReduceAnd, ReduceOr, ReduceXor,
    SyncWarp, ActiveMask,
    MatrixLoad, MatrixStore, MatrixMultiply,  // nvcuda::wmma's load_matrix_sync, store_matrix_sync, mma_sync
    SyncThreads, SyncThreadsCount, SyncThreadsAnd, SyncThreadsOr,
    // Cooperative groups (warp_emulator/groups/) and libcu++'s barrier:
    GroupMeet,    // the lanes of a group meet at one of its collectives (cg::reduce, cg::memcpy_async); orders no memory
    TileSync,     // sync() of a thread_block_tile of more than 32 threads: a barrier of its warps
    TileExchange, // a value passed between the warps of such a tile (its shfl, reduce, scan); orders no memory
    BlockMeet,    // the threads of a block meet at a collective of a thread_block (cg::memcpy_async); orders no memory
    SyncGrid,     // grid.sync() of a cooperative launch
    BarrierWait   // cuda::barrier's wait() until its phase completes
};

// The cooperative-groups call a request carries out, for the reports to name
// it as the source wrote it ("tile.shfl_down(..., 1) on a thread_block_tile<16>");
// all null for a plain intrinsic. String literals of the program, read by value.
struct GroupCall {
    const char* call = nullptr;   // "tile.shfl_down", "cg::reduce"
    const char* group = nullptr;  // "thread_block_tile<16>", "coalesced_group"
    bool hasOperand = false;      // the call's last operand (a shuffle's srcRank, delta or laneMask), as passed
    long long operand = 0;
};

// A warp matrix fragment (mma.h's nvcuda::wmma::fragment), as the runtime
// sees it: which matrix of the product it holds, its shape, its elements'
// type, and, for matrix_a and matrix_b, the layout its type names.
enum class MatrixUse : unsigned char { A, B, Accumulator };
enum class MatrixElement : unsigned char { Half, BFloat16, Tf32, Float, Double, SignedByte, UnsignedByte, Int };
enum class MatrixLayout : unsigned char { RowMajor, ColMajor, None };
struct MatrixFragment {
    MatrixUse use = MatrixUse::A;
    MatrixElement element = MatrixElement::Float;
    MatrixLayout layout = MatrixLayout::None;
    unsigned char m = 0, n = 0, k = 0;
    unsigned char elements = 0;  // per lane: the fragment's num_elements
    void* storage = nullptr;     // the calling lane's fragment.x
    bool operator==(const MatrixFragment& other) const {
        return use == other.use && element == other.element && layout == other.layout && m == other.m &&
               n == other.n && k == other.k;
    }
};
// A call of load_matrix_sync, store_matrix_sync (fragments[0], memory, ldm,
// layout) or mma_sync (fragments d, a, b, c, and satf).
struct MatrixCall {
    MatrixFragment fragments[4];
    const void* memory = nullptr;
    unsigned int ldm = 0;
    MatrixLayout layout = MatrixLayout::None;  // the memory's: the accumulator's argument, or the fragment's own
    bool saturate = false;
};

// The type of a value a collective moves, for the trace to print it as the
// program sees it.
struct ValueType {
    // Half and BFloat16: __half and __nv_bfloat16 (2 bytes), or their pairs (4).
    enum Kind : unsigned char { None, Float, Signed, Unsigned, Bytes, Half, BFloat16 };
    Kind kind = None;
    unsigned char bytes = 0;
};

// The 16-bit floating-point types of cuda_fp16.h and cuda_bf16.h, and their
// pairs, say so by specialising this (warp_emulator/half/warp_values.hpp):
// shuffles then take them, as CUDA's overloads do, a read of an absent lane
// gives them NaN, and the trace prints their values.
template <typename T>
struct HalfPrecisionKind {
    static constexpr ValueType::Kind kind = ValueType::None;
};
template <typename T>
constexpr bool isHalfPrecision() {
    return HalfPrecisionKind<std::remove_cv_t<T>>::kind != ValueType::None;
}

template <typename T>
constexpr ValueType valueTypeOf() {
    using U = std::remove_cv_t<T>;
    if constexpr (isHalfPrecision<U>()) {
        return {HalfPrecisionKind<U>::kind, static_cast<unsigned char>(sizeof(U))};
    } else if constexpr (std::is_floating_point<U>::value) {
        return {ValueType::Float, static_cast<unsigned char>(sizeof(U))};
    } else if constexpr (std::is_integral<U>::value && std::is_signed<U>::value) {
        return {ValueType::Signed, static_cast<unsigned char>(sizeof(U))};
    } else if constexpr (std::is_integral<U>::value) {
        return {ValueType::Unsigned, static_cast<unsigned char>(sizeof(U))};
    } else {
        return {ValueType::Bytes, static_cast<unsigned char>(sizeof(U))};
    }
}

// What a thread asks for when it reaches a collective, and, once the
// collective is carried out, its answer: all but a warp matrix function's
// arguments (Request, below).
struct RequestCore {
    Op op = Op::SyncWarp;
    unsigned int mask = 0;
    std::uint64_t value = 0;  // a shuffle's, match's or reduction's operand bits, or a predicate
    int operand = 0;          // srcLane, delta or laneMask, exactly as passed
    int width = warpSize;
    const char* file = "";
    int line = 0;
    bool isSigned = false;            // __reduce_min/max_sync on int rather than unsigned
    ValueType type;
    const void* variable = nullptr;   // the thread's own variable passed as var (the trace reads it later)
    // The answer, filled in when the call is carried out.
    std::uint64_t result = 0;
    bool poisoned = false;            // the result is undefined: return poison
    bool allMatched = false;          // __match_all_sync's *pred
    GroupCall group;                  // the cooperative-groups call behind it, if any
};
struct Request : RequestCore {
    MatrixCall matrix;  // a warp matrix function's arguments
};

// What a carried-out collective answers the thread that called it.
struct Answer {
    std::uint64_t result = 0;
    bool poisoned = false;    // the result is undefined: return poison
    bool allMatched = false;  // __match_all_sync's *pred
};

// The memory model's scopes (PTX ISA, "Scope"): a block, the device, the
// system. An atomic function without a suffix is of device scope, _block of
// block scope, _system of system scope; __threadfence_block(),
// __threadfence() and __threadfence_system() fence at the same three.
enum class Scope : unsigned char { Block, Device, System };

enum class AtomicOp : unsigned char { Add, Sub, Exch, Min, Max, And, Or, Xor, Inc, Dec, Cas };
// Half and BFloat16: atomicAdd on __half and __nv_bfloat16 (2 bytes) or on
// their pairs (4 bytes, each half added apart), rounded to nearest even.
enum class NumberKind : unsigned char { Signed, Unsigned, Float, Half, BFloat16 };

template <typename T>
constexpr NumberKind numberKindOf() {
    return std::is_floating_point<T>::value ? NumberKind::Float
           : std::is_signed<T>::value      ? NumberKind::Signed
                                            : NumberKind::Unsigned;
}

// ---------------------------------------------------------------------------
// Calls into the runtime library (emulator/runtime/), from inside a kernel
// ---------------------------------------------------------------------------

// The running thread's own request (the scheduler points this at it at
// every switch), or outside any kernel one that wait() then names.
extern Request* runningRequest;

// The running thread's own request, to fill in for its next collective: as
// a fresh RequestCore, its matrix call as it was (only a warp matrix
// function reads that, and it sets it). Filled in where the rules read it, it
// is not copied there: the path of every thread through every barrier.
// Inline, so that the compiler writes each field of it once, and, like the
// glue that calls it (WARP_EMULATOR_GLUE, below), outside the instrumentation.
// Copied from a fresh one: GCC writes `= RequestCore{}` as a `rep stosq`,
// whose start took three quarters of the time a barrier's call spent here
// (perf, on emulator/bench/block_reduce.cu); a copy is six vector moves.
inline constexpr RequestCore kFreshRequest{};
__attribute__((always_inline, no_sanitize("thread"))) inline Request& nextRequest() {
    Request& request = *runningRequest;
    __builtin_memcpy(static_cast<RequestCore*>(&request), &kFreshRequest, sizeof(RequestCore));
    return request;
}

// The running thread waits at a collective (nextRequest()'s, or another)
// until it is carried out, and gets its answer.
Answer collective(const Request& request);

// __syncthreads(): collective() for the call a block's threads make most
// often, by a path of its own that asks nothing another call needs and
// answers nothing (scheduler.cpp).
void syncThreads(const char* file, int line);

// A warp matrix function (Op::MatrixLoad, MatrixStore, MatrixMultiply): the
// running thread waits until the warp's lanes have all called it, then
// loads or stores its own part of the matrix, each element checked as an
// access at the call's site (runtime/device/warp_matrix.cpp).
void warpMatrix(const Request& request);

// The built-in variables of the running thread. Constant for the life of a
// thread, so the compiler may read each once.
__attribute__((const)) uint3 threadIndex();
__attribute__((const)) uint3 blockIndex();
__attribute__((const)) dim3 blockSize();
__attribute__((const)) dim3 gridSize();

// __ldg's load, through the read-only data cache (ld.global.nc): checked as a
// read outside the memory model (racecheck.hpp), then copied into `value`.
void readOnlyCacheLoad(const void* address, void* value, unsigned int bytes, const char* file, int line);

// An atomic function on `bytes` at `address`: checked, recorded for the race
// check as an atomic access of `scope`, carried out; returns the old value's bits.
std::uint64_t atomic(void* address, unsigned int bytes, AtomicOp op, NumberKind kind, Scope scope,
                     std::uint64_t operand, std::uint64_t compare, const char* file, int line);
void fence(Scope scope, const char* file, int line);
long long clockCalls();
void sleep();
[[noreturn]] void trap(const char* file, int line);
void* dynamicSharedMemory();

// The kernel's own code runs between these two (launch.hpp): only its
// accesses are checked, never the emulator's.
void kernelCodeBegins();
void kernelCodeEnds();

// What a shuffle returns when it reads a lane that is not taking part.
constexpr std::uint64_t kIntegerPoison = 0xBAADF00DBAADF00Dull;
// For the 16-bit floating-point types, each half holds the canonical NaN.
constexpr std::uint64_t kHalfPrecisionPoison = 0x7fff7fff7fff7fffull;

template <typename T>
T poison() {
    static_assert(std::is_trivially_copyable<T>::value, "shuffles move trivially copyable values");
    if constexpr (std::is_floating_point<T>::value) {
        return std::numeric_limits<T>::quiet_NaN();
    } else if constexpr (isHalfPrecision<T>()) {
        T value;
        std::memcpy(static_cast<void*>(&value), &kHalfPrecisionPoison, sizeof(T));
        return value;
    } else {
        T value;
        unsigned char bytes[sizeof(T)];
        for (size_t i = 0; i < sizeof(T); ++i) {
            bytes[i] = static_cast<unsigned char>(kIntegerPoison >> (8 * (i % 8)));
        }
        std::memcpy(static_cast<void*>(&value), bytes, sizeof(T));
        return value;
    }
}

template <typename T>
std::uint64_t bitsOf(T value) {
    static_assert(std::is_trivially_copyable<T>::value && sizeof(T) <= 8, "up to 8 bytes");
    std::uint64_t bits = 0;
    std::memcpy(&bits, &value, sizeof(T));
    return bits;
}

template <typename T>
T fromBits(std::uint64_t bits) {
    T value;
    std::memcpy(static_cast<void*>(&value), &bits, sizeof(T));
    return value;
}

}  // namespace warp_emulator

// The glue between a kernel's call and the runtime (a collective's request, an
// atomic's operands) is built outside the instrumentation: a call of its own,
// so that its stores to the stack are not checked one by one.
#define WARP_EMULATOR_GLUE __attribute__((noinline, no_sanitize("thread")))

// Every call a kernel or a host program makes through the emulator carries
// where it was written, for the reports.
#define WARP_EMULATOR_SITE const char *file = __builtin_FILE(), int line = __builtin_LINE()

#define threadIdx (::warp_emulator::threadIndex())
#define blockIdx (::warp_emulator::blockIndex())

// gridDim and blockDim, the same for every thread of a launch, are variables
// the runtime sets as each launch begins (runtime/device/builtin_dimensions.cpp),
// and their names are renamed to theirs, not replaced by a call as threadIdx's
// is: CUDA's own structs have members of those names (cudaKernelNodeParams,
// cudaLaunchConfig_t), which `params.gridDim = grid;` must reach, and a
// renamed member is still a member. The instrumentation's hooks let a read of
// them through at once (access_hooks.cpp); a write does not compile.
extern const dim3 warp_emulator_gridDim;
extern const dim3 warp_emulator_blockDim;
#define gridDim warp_emulator_gridDim
#define blockDim warp_emulator_blockDim
