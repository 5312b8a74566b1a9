// wmma_legal.cu: mma.h's warp matrix functions, one warp and one tile for
// each kind the Programming Guide lists ("Warp Matrix Functions"): __half
// with float and with __half accumulators, __nv_bfloat16, precision::tf32,
// double, signed char (with and without satf) and unsigned char, in the
// m16n16k16, m32n8k16, m8n32k16, m16n16k8 and m8n8k4 shapes, matrix_a and
// matrix_b in both layouts, accumulators loaded and stored in both. Every
// lane of the warp calls each function with the same arguments, and every
// pointer is 256-bit aligned with ldm a multiple of 16 bytes. The elements
// are small integers (and halves), so every product and sum is exact in
// every order: a GPU's D is the CPU's, bit for bit, whatever order its tensor
// cores add in. Each D is checked against the CPU's product (0 mismatches),
// and printed as a sum; num_elements of each fragment is the Toolkit's; and
// __float_to_tf32 rounds to nearest, ties away from zero. No finding, exit 0.
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include <mma.h>

#include <type_traits>

#include "case.cuh"

using namespace nvcuda;

// D = A * B + C on m x n x k, each matrix in the layout its flag names
// (true: row-major), from and to device memory.
template <int m, int n, int k, typename TAB, typename LayoutA, typename LayoutB, typename TC, typename TD>
__global__ void multiply(const TAB* a, const TAB* b, const TC* c, TD* d, bool cRowMajor, bool dRowMajor,
                         bool saturate) {
    wmma::fragment<wmma::matrix_a, m, n, k, TAB, LayoutA> fa;
    wmma::fragment<wmma::matrix_b, m, n, k, TAB, LayoutB> fb;
    wmma::fragment<wmma::accumulator, m, n, k, TC> fc;
    wmma::fragment<wmma::accumulator, m, n, k, TD> fd;
    const bool aRowMajor = std::is_same<LayoutA, wmma::row_major>::value;
    const bool bRowMajor = std::is_same<LayoutB, wmma::row_major>::value;
    wmma::load_matrix_sync(fa, a, aRowMajor ? k : m);
    wmma::load_matrix_sync(fb, b, bRowMajor ? n : k);
    wmma::load_matrix_sync(fc, c, cRowMajor ? n : m, cRowMajor ? wmma::mem_row_major : wmma::mem_col_major);
    if constexpr (std::is_same<TD, int>::value) {
        wmma::mma_sync(fd, fa, fb, fc, saturate);  // satf: integer fragments only
    } else {
        wmma::mma_sync(fd, fa, fb, fc);
    }
    wmma::store_matrix_sync(d, fd, dRowMajor ? n : m, dRowMajor ? wmma::mem_row_major : wmma::mem_col_major);
}

// The tf32 elements are floats, converted (with __float_to_tf32) in place.
__global__ void multiplyTf32(const float* a, const float* b, const float* c, float* d) {
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
    wmma::load_matrix_sync(fa, a, 8);
    wmma::load_matrix_sync(fb, b, 8);
    for (int i = 0; i < fa.num_elements; ++i) {
        fa.x[i] = wmma::__float_to_tf32(fa.x[i]);
    }
    for (int i = 0; i < fb.num_elements; ++i) {
        fb.x[i] = wmma::__float_to_tf32(fb.x[i]);
    }
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

// fill_fragment, and each lane's own elements scaled in place: an
// accumulator of 2s, times 3 element by element, stored.
__global__ void filled(float* d) {
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::fill_fragment(fc, 2.0f);
    for (int i = 0; i < fc.num_elements; ++i) {
        fc.x[i] *= 3.0f;
    }
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_row_major);
}

__global__ void toTf32(const float* in, unsigned int* out) {
    out[threadIdx.x] = __float_as_uint(wmma::__float_to_tf32(in[threadIdx.x]));
}

template <typename T>
double valueOf(T x) {
    return static_cast<double>(static_cast<float>(x));
}
double valueOf(double x) { return x; }
double valueOf(int x) { return x; }

// Element (row, column) of a rows x columns matrix stored in the given layout.
int at(int row, int column, int rows, int columns, bool rowMajor) {
    return rowMajor ? row * columns + column : column * rows + row;
}

template <int m, int n, int k, typename TAB, typename LayoutA, typename LayoutB, typename TC, typename TD>
void run(const char* name, double scaleA, double scaleB, double cBase, bool cRowMajor, bool dRowMajor,
         bool saturate = false) {
    const bool aRowMajor = std::is_same<LayoutA, wmma::row_major>::value;
    const bool bRowMajor = std::is_same<LayoutB, wmma::row_major>::value;
    std::vector<TAB> a(m * k), b(k * n);
    std::vector<TC> c(m * n);
    const int low = std::is_unsigned<TAB>::value ? 0 : 1;  // unsigned elements from 0 up
    for (int i = 0; i < m * k; ++i) {
        a[i] = static_cast<TAB>(static_cast<float>(((i * 7) % 9 - 4 * low) * scaleA));
    }
    for (int i = 0; i < k * n; ++i) {
        b[i] = static_cast<TAB>(static_cast<float>(((i * 5) % 7 - 3 * low) * scaleB));
    }
    for (int i = 0; i < m * n; ++i) {
        c[i] = static_cast<TC>(static_cast<float>(cBase + i % 4));
    }
    DeviceArray<TAB> da(m * k, TAB()), db(k * n, TAB());
    DeviceArray<TC> dc(m * n, TC());
    DeviceArray<TD> dd(m * n, TD());
    cudaMemcpy(da.device, a.data(), a.size() * sizeof(TAB), cudaMemcpyHostToDevice);
    cudaMemcpy(db.device, b.data(), b.size() * sizeof(TAB), cudaMemcpyHostToDevice);
    cudaMemcpy(dc.device, c.data(), c.size() * sizeof(TC), cudaMemcpyHostToDevice);
    multiply<m, n, k, TAB, LayoutA, LayoutB, TC, TD><<<1, 32>>>(da.device, db.device, dc.device, dd.device, cRowMajor,
                                                               dRowMajor, saturate);
    const std::vector<TD> d = dd.read();
    int mismatches = 0;
    double sum = 0;
    for (int row = 0; row < m; ++row) {
        for (int column = 0; column < n; ++column) {
            // a and c as the host wrote them: a's layout is the fragment's, c's is cRowMajor's.
            double expected = valueOf(c[at(row, column, m, n, cRowMajor)]);
            for (int i = 0; i < k; ++i) {
                expected += valueOf(a[at(row, i, m, k, aRowMajor)]) * valueOf(b[at(i, column, k, n, bRowMajor)]);
            }
            if (saturate) {
                expected = expected > 2147483647.0 ? 2147483647.0 : expected;
            }
            const double got = valueOf(d[at(row, column, m, n, dRowMajor)]);
            mismatches += got != expected;
            sum += got;
        }
    }
    std::printf("%-52s mismatches %d, sum of D %.1f\n", name, mismatches, sum);
}

int main() {
    int status = 0;
    run<16, 16, 16, __half, wmma::row_major, wmma::col_major, float, float>(
        "m16n16k16 __half, float accumulators", 1, 1, 0, true, true);
    run<16, 16, 16, __half, wmma::col_major, wmma::row_major, __half, __half>(
        "m16n16k16 __half, __half accumulators", 0.5, 1, -2, false, false);
    run<16, 16, 16, __half, wmma::row_major, wmma::row_major, __half, float>(
        "m16n16k16 __half, __half C, float D", 1, 0.5, 1, true, false);
    run<32, 8, 16, __half, wmma::col_major, wmma::col_major, float, float>(
        "m32n8k16 __half, float accumulators", 1, 1, 3, false, true);
    run<8, 32, 16, __half, wmma::row_major, wmma::col_major, float, __half>(
        "m8n32k16 __half, float C, __half D", 1, 1, 0, true, true);
    run<16, 16, 16, __nv_bfloat16, wmma::row_major, wmma::col_major, float, float>(
        "m16n16k16 __nv_bfloat16, float accumulators", 2, 1, 0, true, true);
    run<8, 8, 4, double, wmma::row_major, wmma::col_major, double, double>(
        "m8n8k4 double", 0.25, 0.5, 1, true, false);
    run<16, 16, 16, signed char, wmma::row_major, wmma::col_major, int, int>(
        "m16n16k16 signed char, int accumulators", 30, 40, -5, true, true);
    run<16, 16, 16, signed char, wmma::row_major, wmma::col_major, int, int>(
        "m16n16k16 signed char, C near INT_MAX, satf", 30, 40, 2147483000.0, true, true, true);
    run<8, 32, 16, unsigned char, wmma::row_major, wmma::row_major, int, int>(
        "m8n32k16 unsigned char, int accumulators", 1, 1, 7, false, true);
    status |= printLaunchVerdict();

    // tf32: the products of the converted elements (multiples of 1/4 here, exact in tf32).
    {
        std::vector<float> a(16 * 8), b(8 * 16), c(256);
        for (int i = 0; i < 128; ++i) {
            a[i] = 0.25f * ((i * 3) % 11 - 5);
            b[i] = 0.5f * ((i * 7) % 5 - 2);
        }
        for (int i = 0; i < 256; ++i) {
            c[i] = static_cast<float>(i % 3);
        }
        DeviceArray<float> da(128, 0.0f), db(128, 0.0f), dc(256, 0.0f), dd(256, 0.0f);
        cudaMemcpy(da.device, a.data(), 128 * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemcpy(db.device, b.data(), 128 * sizeof(float), cudaMemcpyHostToDevice);
        cudaMemcpy(dc.device, c.data(), 256 * sizeof(float), cudaMemcpyHostToDevice);
        multiplyTf32<<<1, 32>>>(da.device, db.device, dc.device, dd.device);
        const std::vector<float> d = dd.read();
        int mismatches = 0;
        double sum = 0;
        for (int row = 0; row < 16; ++row) {
            for (int column = 0; column < 16; ++column) {
                float expected = c[row * 16 + column];
                for (int i = 0; i < 8; ++i) {
                    expected += a[row * 8 + i] * b[column * 8 + i];  // b col-major
                }
                mismatches += d[row * 16 + column] != expected;
                sum += d[row * 16 + column];
            }
        }
        std::printf("%-52s mismatches %d, sum of D %.1f\n", "m16n16k8 precision::tf32, float accumulators", mismatches,
                    sum);
    }
    {
        DeviceArray<float> dd(256, 0.0f);
        filled<<<1, 32>>>(dd.device);
        const std::vector<float> d = dd.read();
        int sixes = 0;
        for (float value : d) {
            sixes += value == 6.0f;
        }
        std::printf("fill_fragment 2, each element times 3: %d of 256 are 6\n", sixes);
    }
    {
        // 1 + 2^-11 and 1 + 3 * 2^-11 are ties: away from zero; 1 + 2^-12 rounds down.
        const std::vector<float> in = {1.0f + 0x1p-11f, 1.0f + 0x1p-12f, -(1.0f + 0x1p-11f), 1.0f + 0x3p-11f,
                                       3.14159265f, 0x1.fffffep-127f, 65504.0f, -0.0f};
        DeviceArray<float> din(static_cast<int>(in.size()), 0.0f);
        DeviceArray<unsigned int> dout(static_cast<int>(in.size()), 0u);
        cudaMemcpy(din.device, in.data(), in.size() * sizeof(float), cudaMemcpyHostToDevice);
        toTf32<<<1, static_cast<unsigned int>(in.size())>>>(din.device, dout.device);
        printValues("__float_to_tf32", dout.read());
    }
    status |= printLaunchVerdict();
    std::printf("num_elements: m16n16k16 __half a %d b %d, float accumulator %d; __nv_bfloat16 a %d; signed char b %d; "
                "m32n8k16 __half b %d; m8n32k16 unsigned char a %d; tf32 a %d; double a %d, accumulator %d\n",
                static_cast<int>(wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major>::num_elements),
                static_cast<int>(wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major>::num_elements),
                static_cast<int>(wmma::fragment<wmma::accumulator, 16, 16, 16, float>::num_elements),
                static_cast<int>(wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major>::num_elements),
                static_cast<int>(wmma::fragment<wmma::matrix_b, 16, 16, 16, signed char, wmma::col_major>::num_elements),
                static_cast<int>(wmma::fragment<wmma::matrix_b, 32, 8, 16, __half, wmma::col_major>::num_elements),
                static_cast<int>(wmma::fragment<wmma::matrix_a, 8, 32, 16, unsigned char, wmma::row_major>::num_elements),
                static_cast<int>(wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major>::num_elements),
                static_cast<int>(wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major>::num_elements),
                static_cast<int>(wmma::fragment<wmma::accumulator, 8, 8, 4, double>::num_elements));
    return status;
}
