// compile_error.cu: a mistake the compiler finds, below launches that emulate
// rewrites (one spread over three lines). The compiler's message must name
// this file, as it was given, and this file's line.
#include <cuda_runtime.h>

__global__ void addOne(int* values) { values[threadIdx.x] += 1; }

int main() {
    int* values;
    cudaMalloc(&values, 32 * sizeof(int));
    addOne<<<1,
             32>>>(
        values);
    addOne<<<1, 32>>>(valuez);  // the error emulate.cmake expects: an undeclared name
    return 0;
}
