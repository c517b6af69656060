//! Memory whose both ends touch an inaccessible (`PROT_NONE`) page, so that
//! any read or write one byte before the start or past the end faults at
//! once (SIGSEGV) instead of passing silently. Shared by the fuzz targets,
//! `tests/guard_pages.rs` and `tests/regressions.rs`.
#![allow(dead_code)]

use core::ptr;

/// `len` usable bytes (rounded up to whole pages, at least one) between two
/// `PROT_NONE` pages, from an anonymous private mapping.
pub struct Guarded {
    base: *mut u8,
    total: usize,
    data: *mut u8,
    data_len: usize,
}

/// The system's page size.
pub fn page_size() -> usize {
    // SAFETY: sysconf has no preconditions.
    let p = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    assert!(p > 0, "sysconf(_SC_PAGESIZE) failed");
    p as usize
}

impl Guarded {
    /// A fresh mapping with room for `len` bytes, zero-filled.
    pub fn new(len: usize) -> Guarded {
        let page = page_size();
        let data_len = len.div_ceil(page).max(1) * page;
        let total = data_len + 2 * page;
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
        let base = base.cast::<u8>();
        // SAFETY: both ranges are whole pages inside the mapping just made.
        unsafe {
            assert_eq!(libc::mprotect(base.cast(), page, libc::PROT_NONE), 0, "mprotect (leading guard)");
            assert_eq!(
                libc::mprotect(base.add(page + data_len).cast(), page, libc::PROT_NONE),
                0,
                "mprotect (trailing guard)"
            );
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
        unsafe { libc::munmap(self.base.cast(), self.total) };
    }
}
