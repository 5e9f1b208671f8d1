// The ESM build without bundled styles (its CSS is imported as a file, so that no <style> element is injected
// at run time and the Content Security Policy can stay strict).
declare module 'sweetalert2/dist/sweetalert2.esm.js' {
  export * from 'sweetalert2';
  export { default } from 'sweetalert2';
}
