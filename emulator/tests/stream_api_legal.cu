// stream_api_legal.cu: the stream calls a program makes besides launching on a
// stream: priorities (cudaDeviceGetStreamPriorityRange: 0 the least, -5 the
// greatest on an H200; a priority outside the range is clamped into it),
// flags, an access policy window set as an attribute (taken, and no effect
// here: there is no L2 cache to steer), a host function and a stream
// callback (each runs after the work before it on its stream), managed memory
// attached to the stream, and an event recorded with flags. On an H200:
// cudaSuccess, range 0 to -5, priorities -5 and 0, flags 1, the window's
// 4096 bytes back, the host function and callback after the kernel (7, 7).
// On an H200 (evidence/case-answers-h200.txt): alone cudaSuccess; memcheck 0 errors; initcheck 0 errors; racecheck 0 hazards
#include "case.cuh"

__global__ void setSeven(int* value) { *value = 7; }

static int seenByHostFunction = 0;
static int seenByCallback = 0;

void CUDART_CB hostFunction(void* data) { seenByHostFunction = *static_cast<int*>(data); }
void CUDART_CB callback(cudaStream_t, cudaError_t status, void* data) {
    seenByCallback = status == cudaSuccess ? *static_cast<int*>(data) : -1;
}

int main() {
    int least = 1, greatest = 1;
    cudaDeviceGetStreamPriorityRange(&least, &greatest);
    cudaStream_t urgent, calm;
    cudaStreamCreateWithPriority(&urgent, cudaStreamNonBlocking, greatest - 3);
    cudaStreamCreateWithPriority(&calm, cudaStreamDefault, least);
    int urgentPriority = 1, calmPriority = 1;
    unsigned int flags = 0;
    cudaStreamGetPriority(urgent, &urgentPriority);
    cudaStreamGetPriority(calm, &calmPriority);
    cudaStreamGetFlags(urgent, &flags);
    std::printf("range %d to %d, priorities %d and %d, flags %u\n", least, greatest, urgentPriority, calmPriority,
                flags);

    int* managed = nullptr;
    cudaMallocManaged(&managed, sizeof(int));
    *managed = 0;
    cudaStreamAttrValue window = {};
    window.accessPolicyWindow.base_ptr = managed;
    window.accessPolicyWindow.num_bytes = 4096;
    window.accessPolicyWindow.hitRatio = 0.6f;
    window.accessPolicyWindow.hitProp = cudaAccessPropertyPersisting;
    window.accessPolicyWindow.missProp = cudaAccessPropertyStreaming;
    std::printf("cudaStreamSetAttribute: %s\n",
                cudaGetErrorName(cudaStreamSetAttribute(urgent, cudaStreamAttributeAccessPolicyWindow, &window)));
    cudaStreamAttrValue back = {};
    cudaStreamGetAttribute(urgent, cudaStreamAttributeAccessPolicyWindow, &back);
    std::printf("window back: %zu bytes\n", back.accessPolicyWindow.num_bytes);

    std::printf("cudaStreamAttachMemAsync: %s\n",
                cudaGetErrorName(cudaStreamAttachMemAsync(urgent, managed, 0, cudaMemAttachSingle)));
    setSeven<<<1, 1, 0, urgent>>>(managed);
    cudaLaunchHostFunc(urgent, hostFunction, managed);
    cudaStreamAddCallback(urgent, callback, managed, 0);
    cudaEvent_t done;
    cudaEventCreateWithFlags(&done, cudaEventDisableTiming);
    cudaEventRecordWithFlags(done, urgent, cudaEventRecordDefault);
    cudaStreamWaitEvent(calm, done, 0);
    cudaStreamSynchronize(calm);
    cudaStreamSynchronize(urgent);
    std::printf("host function saw %d, callback saw %d\n", seenByHostFunction, seenByCallback);
    cudaCtxResetPersistingL2Cache();
    cudaEventDestroy(done);
    cudaStreamDestroy(urgent);
    cudaStreamDestroy(calm);
    cudaFree(managed);
    return printLaunchVerdict();
}
