import {
  Award,
  Briefcase,
  Building,
  Camera,
  Car,
  CardSim,
  ChartColumn,
  Check,
  Clock,
  Cloud,
  Factory,
  Globe,
  GraduationCap,
  Headset,
  HeartPulse,
  House,
  Lock,
  type LucideIcon,
  Mail,
  MapPin,
  Monitor,
  Network,
  Phone,
  Pickaxe,
  Server,
  Shield,
  ShoppingBag,
  Truck,
  Users,
  Wifi,
  Wrench,
} from 'lucide-react'

/** The content model's fixed icon names (studio/README.md) and the glyph each one renders. */
const icons = {
  network: Network,
  camera: Camera,
  cloud: Cloud,
  users: Users,
  truck: Truck,
  'heart-pulse': HeartPulse,
  'sim-card': CardSim,
  shield: Shield,
  headset: Headset,
  server: Server,
  wifi: Wifi,
  'graduation-cap': GraduationCap,
  factory: Factory,
  wrench: Wrench,
  building: Building,
  'shopping-bag': ShoppingBag,
  home: House,
  pickaxe: Pickaxe,
  'map-pin': MapPin,
  globe: Globe,
  phone: Phone,
  clock: Clock,
  award: Award,
  check: Check,
  chart: ChartColumn,
  lock: Lock,
  monitor: Monitor,
  car: Car,
  briefcase: Briefcase,
  mail: Mail,
} satisfies Record<string, LucideIcon>

export type IconName = keyof typeof icons

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(icons, name)
}

/** A decorative icon; unknown names (content typos) render nothing rather than break the page. */
export function Icon({
  name,
  className = 'h-6 w-6',
}: {
  name: IconName | (string & {})
  className?: string
}) {
  if (!isIconName(name)) return null
  const Glyph = icons[name]
  return <Glyph aria-hidden="true" focusable="false" className={className} strokeWidth={1.75} />
}
