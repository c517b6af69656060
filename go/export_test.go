package ripemd160mb

// SetBackend switches the C library's process-wide backend (tests only).
var SetBackend = setBackend
