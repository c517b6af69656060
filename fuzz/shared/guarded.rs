//! Memory whose both ends touch an inaccessible (`PROT_NONE`) page, so that
//! any read or write one byte before the start or past the end faults at
//! once (SIGSEGV; an access violation on Windows, `PAGE_NOACCESS`) instead
//! of passing silently. Shared by the fuzz targets, `tests/guard_pages.rs`
//! and `tests/regressions.rs`.
#![allow(dead_code)]

/// `len` usable bytes (rounded up to whole pages, at least one) between two
/// inaccessible pages, from an anonymous private mapping.
pub struct Guarded {
    base: *mut u8,
    total: usize,
    data: *mut u8,
    data_len: usize,
}

/// The system's page size.
pub fn page_size() -> usize {
    sys::page_size()
}

/// The page-level calls: mmap and mprotect on Unix, VirtualAlloc and
/// VirtualProtect on Windows.
#[cfg(unix)]
mod sys {
    use core::ptr;

    pub fn page_size() -> usize {
        // SAFETY: sysconf has no preconditions.
        let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
        assert!(p > 0, "sysconf(_SC_PAGESIZE) failed");
        p as usize
    }

    /// `total` bytes read-write, page-aligned, zero-filled.
    pub fn map(total: usize) -> *mut u8 {
        // SAFETY: an anonymous private mapping at an address of the kernel's
        // choice; the result is checked against MAP_FAILED.
        let base = unsafe {
            libc::mmap(
                ptr::null_mut(),
                total,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        assert!(base != libc::MAP_FAILED, "mmap of {total} bytes failed");
        base.cast()
    }

    /// Makes the whole pages at `p` inaccessible.
    ///
    /// # Safety
    /// `p..p + len` lies in a mapping made by `map`.
    pub unsafe fn guard(p: *mut u8, len: usize) {
        // SAFETY: the caller's.
        assert_eq!(unsafe { libc::mprotect(p.cast(), len, libc::PROT_NONE) }, 0, "mprotect");
    }

    /// # Safety
    /// `base` and `total` are a mapping made by `map`, unused from now on.
    pub unsafe fn unmap(base: *mut u8, total: usize) {
        // SAFETY: the caller's.
        unsafe { libc::munmap(base.cast(), total) };
    }
}

#[cfg(windows)]
mod sys {
    use core::ffi::c_void;
    use core::ptr;

    const MEM_COMMIT: u32 = 0x1000;
    const MEM_RESERVE: u32 = 0x2000;
    const MEM_RELEASE: u32 = 0x8000;
    const PAGE_NOACCESS: u32 = 0x01;
    const PAGE_READWRITE: u32 = 0x04;

    #[repr(C)]
    struct SystemInfo {
        processor_architecture: u16,
        reserved: u16,
        page_size: u32,
        minimum_application_address: *mut c_void,
        maximum_application_address: *mut c_void,
        active_processor_mask: usize,
        number_of_processors: u32,
        processor_type: u32,
        allocation_granularity: u32,
        processor_level: u16,
        processor_revision: u16,
    }

    #[link(name = "kernel32")]
    extern "system" {
        fn GetSystemInfo(info: *mut SystemInfo);
        fn VirtualAlloc(addr: *mut c_void, size: usize, kind: u32, protect: u32) -> *mut c_void;
        fn VirtualProtect(addr: *mut c_void, size: usize, protect: u32, old: *mut u32) -> i32;
        fn VirtualFree(addr: *mut c_void, size: usize, kind: u32) -> i32;
    }

    pub fn page_size() -> usize {
        let mut info = core::mem::MaybeUninit::<SystemInfo>::zeroed();
        // SAFETY: GetSystemInfo fills the structure it is given.
        let info = unsafe {
            GetSystemInfo(info.as_mut_ptr());
            info.assume_init()
        };
        assert!(info.page_size > 0, "GetSystemInfo gave no page size");
        info.page_size as usize
    }

    pub fn map(total: usize) -> *mut u8 {
        // SAFETY: a fresh committed range at an address of the system's
        // choice; the result is checked against NULL.
        let base = unsafe { VirtualAlloc(ptr::null_mut(), total, MEM_COMMIT | MEM_RESERVE, PAGE_READWRITE) };
        assert!(!base.is_null(), "VirtualAlloc of {total} bytes failed");
        base.cast()
    }

    /// # Safety
    /// `p..p + len` lies in a range made by `map`.
    pub unsafe fn guard(p: *mut u8, len: usize) {
        let mut old = 0u32;
        // SAFETY: the caller's; `old` is writable.
        assert_ne!(unsafe { VirtualProtect(p.cast(), len, PAGE_NOACCESS, &mut old) }, 0, "VirtualProtect");
    }

    /// # Safety
    /// `base` is a range made by `map`, unused from now on.
    pub unsafe fn unmap(base: *mut u8, _total: usize) {
        // SAFETY: the caller's (MEM_RELEASE takes the whole range, size 0).
        unsafe { VirtualFree(base.cast(), 0, MEM_RELEASE) };
    }
}

impl Guarded {
    /// A fresh mapping with room for `len` bytes, zero-filled.
    pub fn new(len: usize) -> Guarded {
        let page = page_size();
        let data_len = len.div_ceil(page).max(1) * page;
        let total = data_len + 2 * page;
        let base = sys::map(total);
        // SAFETY: both ranges are whole pages inside the mapping just made.
        unsafe {
            sys::guard(base, page);
            sys::guard(base.add(page + data_len), page);
        }
        // SAFETY: page < total.
        let data = unsafe { base.add(page) };
        Guarded { base, total, data, data_len }
    }

    /// Usable bytes (whole pages).
    pub fn capacity(&self) -> usize {
        self.data_len
    }

    /// The first usable byte: the byte before it is in a guard page.
    pub fn start(&self) -> *mut u8 {
        self.data
    }

    /// One past the last usable byte: that address is in a guard page.
    pub fn end(&self) -> *mut u8 {
        // SAFETY: one past the end of the usable range, inside the mapping.
        unsafe { self.data.add(self.data_len) }
    }

    /// The address where `len` bytes end exactly at the trailing guard page.
    pub fn tail(&self, len: usize) -> *mut u8 {
        assert!(len <= self.data_len, "{len} bytes do not fit in {}", self.data_len);
        // SAFETY: stays within the usable range (or at its end for len 0).
        unsafe { self.end().sub(len) }
    }

    /// All usable bytes.
    pub fn bytes(&mut self) -> &mut [u8] {
        // SAFETY: the usable range is mapped read-write, owned by self, and
        // borrowed mutably through self.
        unsafe { core::slice::from_raw_parts_mut(self.data, self.data_len) }
    }

    /// The usable bytes as a shared slice.
    pub fn view(&self) -> &[u8] {
        // SAFETY: as `bytes`, shared.
        unsafe { core::slice::from_raw_parts(self.data, self.data_len) }
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        // SAFETY: exactly the mapping made in `new`.
        unsafe { sys::unmap(self.base, self.total) };
    }
}
