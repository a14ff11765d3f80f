import type { ReactNode } from 'react'

export const metadata = {
  title: 'Empty Next.js page',
  description: 'The reference page the bench compares with.',
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}
