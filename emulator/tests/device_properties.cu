// device_properties.cu: every field of cudaDeviceProp and every attribute
// cudaDeviceGetAttribute answers (CUDA 13.0's), one a line. On an H200 it
// gave evidence/h200-device-properties.txt; the emulator, standing for an
// H200, answers the same but for what it documents as its own
// (emulator_reports_an_h200, tests/device_properties.cmake).
// Attributes are asked for by number, so that this builds with any runtime.
#include <cstdio>

#include <cuda_runtime.h>

static void printArray(const char* name, const int* values, int count) {
    std::printf("%s:", name);
    for (int i = 0; i < count; ++i) {
        std::printf(" %d", values[i]);
    }
    std::printf("\n");
}

int main() {
    cudaDeviceProp p;
    cudaError_t error = cudaGetDeviceProperties(&p, 0);
    if (error != cudaSuccess) {
        std::printf("cudaGetDeviceProperties: %s\n", cudaGetErrorName(error));
        return 1;
    }
    std::printf("name: %s\n", p.name);
    std::printf("luidDeviceNodeMask: %u\n", p.luidDeviceNodeMask);
    std::printf("totalGlobalMem: %zu\n", p.totalGlobalMem);
    std::printf("sharedMemPerBlock: %zu\n", p.sharedMemPerBlock);
    std::printf("regsPerBlock: %d\n", p.regsPerBlock);
    std::printf("warpSize: %d\n", p.warpSize);
    std::printf("memPitch: %zu\n", p.memPitch);
    std::printf("maxThreadsPerBlock: %d\n", p.maxThreadsPerBlock);
    printArray("maxThreadsDim", p.maxThreadsDim, 3);
    printArray("maxGridSize", p.maxGridSize, 3);
    std::printf("totalConstMem: %zu\n", p.totalConstMem);
    std::printf("major: %d\n", p.major);
    std::printf("minor: %d\n", p.minor);
    std::printf("textureAlignment: %zu\n", p.textureAlignment);
    std::printf("texturePitchAlignment: %zu\n", p.texturePitchAlignment);
    std::printf("multiProcessorCount: %d\n", p.multiProcessorCount);
    std::printf("integrated: %d\n", p.integrated);
    std::printf("canMapHostMemory: %d\n", p.canMapHostMemory);
    std::printf("maxTexture1D: %d\n", p.maxTexture1D);
    std::printf("maxTexture1DMipmap: %d\n", p.maxTexture1DMipmap);
    printArray("maxTexture2D", p.maxTexture2D, 2);
    printArray("maxTexture2DMipmap", p.maxTexture2DMipmap, 2);
    printArray("maxTexture2DLinear", p.maxTexture2DLinear, 3);
    printArray("maxTexture2DGather", p.maxTexture2DGather, 2);
    printArray("maxTexture3D", p.maxTexture3D, 3);
    printArray("maxTexture3DAlt", p.maxTexture3DAlt, 3);
    std::printf("maxTextureCubemap: %d\n", p.maxTextureCubemap);
    printArray("maxTexture1DLayered", p.maxTexture1DLayered, 2);
    printArray("maxTexture2DLayered", p.maxTexture2DLayered, 3);
    printArray("maxTextureCubemapLayered", p.maxTextureCubemapLayered, 2);
    std::printf("maxSurface1D: %d\n", p.maxSurface1D);
    printArray("maxSurface2D", p.maxSurface2D, 2);
    printArray("maxSurface3D", p.maxSurface3D, 3);
    printArray("maxSurface1DLayered", p.maxSurface1DLayered, 2);
    printArray("maxSurface2DLayered", p.maxSurface2DLayered, 3);
    std::printf("maxSurfaceCubemap: %d\n", p.maxSurfaceCubemap);
    printArray("maxSurfaceCubemapLayered", p.maxSurfaceCubemapLayered, 2);
    std::printf("surfaceAlignment: %zu\n", p.surfaceAlignment);
    std::printf("concurrentKernels: %d\n", p.concurrentKernels);
    std::printf("ECCEnabled: %d\n", p.ECCEnabled);
    std::printf("pciBusID: %d\n", p.pciBusID);
    std::printf("pciDeviceID: %d\n", p.pciDeviceID);
    std::printf("pciDomainID: %d\n", p.pciDomainID);
    std::printf("tccDriver: %d\n", p.tccDriver);
    std::printf("asyncEngineCount: %d\n", p.asyncEngineCount);
    std::printf("unifiedAddressing: %d\n", p.unifiedAddressing);
    std::printf("memoryBusWidth: %d\n", p.memoryBusWidth);
    std::printf("l2CacheSize: %d\n", p.l2CacheSize);
    std::printf("persistingL2CacheMaxSize: %d\n", p.persistingL2CacheMaxSize);
    std::printf("maxThreadsPerMultiProcessor: %d\n", p.maxThreadsPerMultiProcessor);
    std::printf("streamPrioritiesSupported: %d\n", p.streamPrioritiesSupported);
    std::printf("globalL1CacheSupported: %d\n", p.globalL1CacheSupported);
    std::printf("localL1CacheSupported: %d\n", p.localL1CacheSupported);
    std::printf("sharedMemPerMultiprocessor: %zu\n", p.sharedMemPerMultiprocessor);
    std::printf("regsPerMultiprocessor: %d\n", p.regsPerMultiprocessor);
    std::printf("managedMemory: %d\n", p.managedMemory);
    std::printf("isMultiGpuBoard: %d\n", p.isMultiGpuBoard);
    std::printf("multiGpuBoardGroupID: %d\n", p.multiGpuBoardGroupID);
    std::printf("hostNativeAtomicSupported: %d\n", p.hostNativeAtomicSupported);
    std::printf("pageableMemoryAccess: %d\n", p.pageableMemoryAccess);
    std::printf("concurrentManagedAccess: %d\n", p.concurrentManagedAccess);
    std::printf("computePreemptionSupported: %d\n", p.computePreemptionSupported);
    std::printf("canUseHostPointerForRegisteredMem: %d\n", p.canUseHostPointerForRegisteredMem);
    std::printf("cooperativeLaunch: %d\n", p.cooperativeLaunch);
    std::printf("sharedMemPerBlockOptin: %zu\n", p.sharedMemPerBlockOptin);
    std::printf("pageableMemoryAccessUsesHostPageTables: %d\n", p.pageableMemoryAccessUsesHostPageTables);
    std::printf("directManagedMemAccessFromHost: %d\n", p.directManagedMemAccessFromHost);
    std::printf("maxBlocksPerMultiProcessor: %d\n", p.maxBlocksPerMultiProcessor);
    std::printf("accessPolicyMaxWindowSize: %d\n", p.accessPolicyMaxWindowSize);
    std::printf("reservedSharedMemPerBlock: %zu\n", p.reservedSharedMemPerBlock);
    std::printf("hostRegisterSupported: %d\n", p.hostRegisterSupported);
    std::printf("sparseCudaArraySupported: %d\n", p.sparseCudaArraySupported);
    std::printf("hostRegisterReadOnlySupported: %d\n", p.hostRegisterReadOnlySupported);
    std::printf("timelineSemaphoreInteropSupported: %d\n", p.timelineSemaphoreInteropSupported);
    std::printf("memoryPoolsSupported: %d\n", p.memoryPoolsSupported);
    std::printf("gpuDirectRDMASupported: %d\n", p.gpuDirectRDMASupported);
    std::printf("gpuDirectRDMAFlushWritesOptions: %u\n", p.gpuDirectRDMAFlushWritesOptions);
    std::printf("gpuDirectRDMAWritesOrdering: %d\n", p.gpuDirectRDMAWritesOrdering);
    std::printf("memoryPoolSupportedHandleTypes: %u\n", p.memoryPoolSupportedHandleTypes);
    std::printf("deferredMappingCudaArraySupported: %d\n", p.deferredMappingCudaArraySupported);
    std::printf("ipcEventSupported: %d\n", p.ipcEventSupported);
    std::printf("clusterLaunch: %d\n", p.clusterLaunch);
    std::printf("unifiedFunctionPointers: %d\n", p.unifiedFunctionPointers);
    std::printf("deviceNumaConfig: %d\n", p.deviceNumaConfig);
    std::printf("deviceNumaId: %d\n", p.deviceNumaId);
    std::printf("mpsEnabled: %d\n", p.mpsEnabled);
    std::printf("hostNumaId: %d\n", p.hostNumaId);
    std::printf("gpuPciDeviceID: %u\n", p.gpuPciDeviceID);
    std::printf("gpuPciSubsystemID: %u\n", p.gpuPciSubsystemID);
    std::printf("hostNumaMultinodeIpcSupported: %d\n", p.hostNumaMultinodeIpcSupported);

    struct Attribute {
        const char* name;
        int number;
    };
    const Attribute attributes[] = {
        {"cudaDevAttrMaxThreadsPerBlock", 1},
        {"cudaDevAttrMaxBlockDimX", 2},
        {"cudaDevAttrMaxBlockDimY", 3},
        {"cudaDevAttrMaxBlockDimZ", 4},
        {"cudaDevAttrMaxGridDimX", 5},
        {"cudaDevAttrMaxGridDimY", 6},
        {"cudaDevAttrMaxGridDimZ", 7},
        {"cudaDevAttrMaxSharedMemoryPerBlock", 8},
        {"cudaDevAttrTotalConstantMemory", 9},
        {"cudaDevAttrWarpSize", 10},
        {"cudaDevAttrMaxPitch", 11},
        {"cudaDevAttrMaxRegistersPerBlock", 12},
        {"cudaDevAttrClockRate", 13},
        {"cudaDevAttrTextureAlignment", 14},
        {"cudaDevAttrGpuOverlap", 15},
        {"cudaDevAttrMultiProcessorCount", 16},
        {"cudaDevAttrKernelExecTimeout", 17},
        {"cudaDevAttrIntegrated", 18},
        {"cudaDevAttrCanMapHostMemory", 19},
        {"cudaDevAttrComputeMode", 20},
        {"cudaDevAttrMaxTexture1DWidth", 21},
        {"cudaDevAttrMaxTexture2DWidth", 22},
        {"cudaDevAttrMaxTexture2DHeight", 23},
        {"cudaDevAttrMaxTexture3DWidth", 24},
        {"cudaDevAttrMaxTexture3DHeight", 25},
        {"cudaDevAttrMaxTexture3DDepth", 26},
        {"cudaDevAttrMaxTexture2DLayeredWidth", 27},
        {"cudaDevAttrMaxTexture2DLayeredHeight", 28},
        {"cudaDevAttrMaxTexture2DLayeredLayers", 29},
        {"cudaDevAttrSurfaceAlignment", 30},
        {"cudaDevAttrConcurrentKernels", 31},
        {"cudaDevAttrEccEnabled", 32},
        {"cudaDevAttrPciBusId", 33},
        {"cudaDevAttrPciDeviceId", 34},
        {"cudaDevAttrTccDriver", 35},
        {"cudaDevAttrMemoryClockRate", 36},
        {"cudaDevAttrGlobalMemoryBusWidth", 37},
        {"cudaDevAttrL2CacheSize", 38},
        {"cudaDevAttrMaxThreadsPerMultiProcessor", 39},
        {"cudaDevAttrAsyncEngineCount", 40},
        {"cudaDevAttrUnifiedAddressing", 41},
        {"cudaDevAttrMaxTexture1DLayeredWidth", 42},
        {"cudaDevAttrMaxTexture1DLayeredLayers", 43},
        {"cudaDevAttrMaxTexture2DGatherWidth", 45},
        {"cudaDevAttrMaxTexture2DGatherHeight", 46},
        {"cudaDevAttrMaxTexture3DWidthAlt", 47},
        {"cudaDevAttrMaxTexture3DHeightAlt", 48},
        {"cudaDevAttrMaxTexture3DDepthAlt", 49},
        {"cudaDevAttrPciDomainId", 50},
        {"cudaDevAttrTexturePitchAlignment", 51},
        {"cudaDevAttrMaxTextureCubemapWidth", 52},
        {"cudaDevAttrMaxTextureCubemapLayeredWidth", 53},
        {"cudaDevAttrMaxTextureCubemapLayeredLayers", 54},
        {"cudaDevAttrMaxSurface1DWidth", 55},
        {"cudaDevAttrMaxSurface2DWidth", 56},
        {"cudaDevAttrMaxSurface2DHeight", 57},
        {"cudaDevAttrMaxSurface3DWidth", 58},
        {"cudaDevAttrMaxSurface3DHeight", 59},
        {"cudaDevAttrMaxSurface3DDepth", 60},
        {"cudaDevAttrMaxSurface1DLayeredWidth", 61},
        {"cudaDevAttrMaxSurface1DLayeredLayers", 62},
        {"cudaDevAttrMaxSurface2DLayeredWidth", 63},
        {"cudaDevAttrMaxSurface2DLayeredHeight", 64},
        {"cudaDevAttrMaxSurface2DLayeredLayers", 65},
        {"cudaDevAttrMaxSurfaceCubemapWidth", 66},
        {"cudaDevAttrMaxSurfaceCubemapLayeredWidth", 67},
        {"cudaDevAttrMaxSurfaceCubemapLayeredLayers", 68},
        {"cudaDevAttrMaxTexture1DLinearWidth", 69},
        {"cudaDevAttrMaxTexture2DLinearWidth", 70},
        {"cudaDevAttrMaxTexture2DLinearHeight", 71},
        {"cudaDevAttrMaxTexture2DLinearPitch", 72},
        {"cudaDevAttrMaxTexture2DMipmappedWidth", 73},
        {"cudaDevAttrMaxTexture2DMipmappedHeight", 74},
        {"cudaDevAttrComputeCapabilityMajor", 75},
        {"cudaDevAttrComputeCapabilityMinor", 76},
        {"cudaDevAttrMaxTexture1DMipmappedWidth", 77},
        {"cudaDevAttrStreamPrioritiesSupported", 78},
        {"cudaDevAttrGlobalL1CacheSupported", 79},
        {"cudaDevAttrLocalL1CacheSupported", 80},
        {"cudaDevAttrMaxSharedMemoryPerMultiprocessor", 81},
        {"cudaDevAttrMaxRegistersPerMultiprocessor", 82},
        {"cudaDevAttrManagedMemory", 83},
        {"cudaDevAttrIsMultiGpuBoard", 84},
        {"cudaDevAttrMultiGpuBoardGroupID", 85},
        {"cudaDevAttrHostNativeAtomicSupported", 86},
        {"cudaDevAttrSingleToDoublePrecisionPerfRatio", 87},
        {"cudaDevAttrPageableMemoryAccess", 88},
        {"cudaDevAttrConcurrentManagedAccess", 89},
        {"cudaDevAttrComputePreemptionSupported", 90},
        {"cudaDevAttrCanUseHostPointerForRegisteredMem", 91},
        {"cudaDevAttrCooperativeLaunch", 95},
        {"cudaDevAttrMaxSharedMemoryPerBlockOptin", 97},
        {"cudaDevAttrCanFlushRemoteWrites", 98},
        {"cudaDevAttrHostRegisterSupported", 99},
        {"cudaDevAttrPageableMemoryAccessUsesHostPageTables", 100},
        {"cudaDevAttrDirectManagedMemAccessFromHost", 101},
        {"cudaDevAttrMaxBlocksPerMultiprocessor", 106},
        {"cudaDevAttrMaxPersistingL2CacheSize", 108},
        {"cudaDevAttrMaxAccessPolicyWindowSize", 109},
        {"cudaDevAttrSparseCudaArraySupported", 112},
        {"cudaDevAttrHostRegisterReadOnlySupported", 113},
        {"cudaDevAttrTimelineSemaphoreInteropSupported", 114},
        {"cudaDevAttrMemoryPoolsSupported", 115},
        {"cudaDevAttrGPUDirectRDMASupported", 116},
        {"cudaDevAttrGPUDirectRDMAFlushWritesOptions", 117},
        {"cudaDevAttrGPUDirectRDMAWritesOrdering", 118},
        {"cudaDevAttrMemoryPoolSupportedHandleTypes", 119},
        {"cudaDevAttrClusterLaunch", 120},
        {"cudaDevAttrDeferredMappingCudaArraySupported", 121},
        {"cudaDevAttrIpcEventSupport", 125},
        {"cudaDevAttrMemSyncDomainCount", 126},
        {"cudaDevAttrNumaConfig", 130},
        {"cudaDevAttrNumaId", 131},
        {"cudaDevAttrMpsEnabled", 133},
        {"cudaDevAttrHostNumaId", 134},
        {"cudaDevAttrD3D12CigSupported", 135},
        {"cudaDevAttrVulkanCigSupported", 138},
        {"cudaDevAttrGpuPciDeviceId", 139},
        {"cudaDevAttrGpuPciSubsystemId", 140},
        {"cudaDevAttrHostNumaMemoryPoolsSupported", 142},
        {"cudaDevAttrHostNumaMultinodeIpcSupported", 143},
        {"cudaDevAttrHostMemoryPoolsSupported", 144},
        {"cudaDevAttrOnlyPartialHostNativeAtomicSupported", 147},
    };
    for (const Attribute& attribute : attributes) {
        int value = -1;
        error = cudaDeviceGetAttribute(&value, static_cast<cudaDeviceAttr>(attribute.number), 0);
        if (error == cudaSuccess) {
            std::printf("%s (%d): %d\n", attribute.name, attribute.number, value);
        } else {
            std::printf("%s (%d): %s\n", attribute.name, attribute.number, cudaGetErrorName(error));
            cudaGetLastError();
        }
    }
    return 0;
}
