package ripemd160mb

// SetBackend switches the C library's process-wide backend (tests only).
var SetBackend = setBackend

// ChooseBackend applies the backend variables as init does, read through
// lookup (tests only).
var ChooseBackend = chooseBackend

// PanicStatus is the panic for an error status of the C library (tests only).
var PanicStatus = panicStatus
