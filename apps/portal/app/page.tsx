import { redirect } from 'next/navigation'

export default function PortalHome() {
  redirect('/portal')
}
