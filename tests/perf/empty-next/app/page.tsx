export default function Page() {
  return (
    <main>
      <h1>Empty Next.js page</h1>
      <p>The reference the bench measures the site against: same Next.js and React, nothing else.</p>
    </main>
  )
}
