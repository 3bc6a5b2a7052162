// In a file of its own, without libphonenumber-js, so the error words every page loads do not bring
// the phone-number library along (ADR 0054).
export const PHONE_NUMBER_MESSAGE = 'Enter a valid mobile number with its country code, e.g. +1 202 555 0123';
