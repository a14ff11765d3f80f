/** The first stop of the keyboard: jumps past the header to `<main id="main">`. */
export function SkipLink() {
  return (
    <a href="#main" className="skip-link">
      Skip to content
    </a>
  )
}
