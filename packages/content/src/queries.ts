import { defineQuery } from 'groq'

// Every GROQ query of the site lives here; TypeGen names each result type after its variable
// (settingsQuery → SettingsQueryResult). Keep projections explicit: the site renders only what
// it asks for, and the embedded and hosted sources must return the same shapes.

const link = /* groq */ `_key, label, href, contact, style`

const image = /* groq */ `
  alt,
  "asset": asset->{ _id, url, "width": metadata.dimensions.width, "height": metadata.dimensions.height, "lqip": metadata.lqip }
`

const seo = /* groq */ `seo{ title, description, "image": image{ ${image} } }`

const hero = /* groq */ `hero{
  eyebrow, heading, text,
  "image": image{ ${image} },
  ctas[]{ ${link} },
  stats[]{ _key, value, label }
}`

const projectCard = /* groq */ `
  _id, title, "slug": slug.current, location, summary, icon, features, ctaStyle,
  "image": image{ ${image} }
`

const postCard = /* groq */ `
  _id, title, "slug": slug.current, excerpt, publishedAt, readTime, category, featured,
  "coverImage": coverImage{ ${image} }
`

const sections = /* groq */ `sections[]{
  _key, _type, anchor, heading, intro,
  _type == "textSection" => { body },
  _type == "cardGridSection" => { columns, cards[]{ _key, title, text, icon, link{ ${link} } } },
  _type == "listSection" => { items, style },
  _type == "statsSection" => { stats[]{ _key, value, label } },
  _type == "pricingSection" => {
    currency,
    plans[]{ _key, name, description, features, priceText, cta{ ${link} } }
  },
  _type == "faqSection" => { faqs[]{ _key, question, answer } },
  _type == "ctaSection" => { text, ctas[]{ ${link} } },
  _type == "featuredProjectSection" => { project->{ ${projectCard} } },
  _type == "quoteFormSection" => { text },
  _type == "newsletterSection" => { text, note },
  _type == "supportFormSection" => { formHeading, formIntro, sideHeading, sideText, receiptNote }
}`

// By `_type` as well as `_id`: TypeGen then knows the document and types every field the Studio
// requires as present.
export const settingsQuery = defineQuery(`*[_type == "siteSettings" && _id == "siteSettings"][0]{
  brandName, legalName, tagline, description, established, beeLevel,
  phones[]{ _key, label, e164, display },
  emails{ support, careers, accounts },
  whatsappNumber,
  address{ streetAddress, locality, region, postalCode, country },
  openingHours[]{ _key, days, opens, closes },
  areasServed,
  socialLinks[]{ _key, platform, url },
  claims[]{ _key, value, label },
  articleFooter
}`)

export const navigationQuery = defineQuery(`{
  "services": *[_type == "service" && isMain == true] | order(order asc){ _id, title, navTitle, "slug": slug.current },
  "regions": *[_type == "regionalPage" && kind == "regional"] | order(order asc){ _id, navTitle, "slug": slug.current }
}`)

export const pageQuery = defineQuery(`*[_type == "page" && key == $key][0]{
  _id, _updatedAt, key, title, route, ${hero}, ${sections}, ${seo}
}`)

export const servicesQuery = defineQuery(`*[_type == "service" && isMain == true] | order(order asc){
  _id, title, navTitle, "slug": slug.current, summary, benefit, colour, icon
}`)

export const serviceQuery =
  defineQuery(`*[_type == "service" && slug.current == $slug && parent->slug.current == $parent][0]{
  _id, _updatedAt, title, navTitle, "slug": slug.current, summary, benefit, colour, icon,
  "parent": parent->{ title, "slug": slug.current },
  "children": *[_type == "service" && references(^._id)] | order(order asc){ title, summary, "slug": slug.current },
  ${hero}, ${sections}, ${seo}
}`)

export const serviceRoutesQuery =
  defineQuery(`*[_type == "service" && defined(slug.current)] | order(order asc){
  "slug": slug.current, "parent": parent->slug.current, _updatedAt
}`)

export const regionalPageQuery = defineQuery(`*[_type == "regionalPage" && slug.current == $slug][0]{
  _id, _updatedAt, title, navTitle, "slug": slug.current, kind, country, areas,
  ${hero}, ${sections}, ${seo}
}`)

export const regionalRoutesQuery =
  defineQuery(`*[_type == "regionalPage" && defined(slug.current)] | order(order asc){
  "slug": slug.current, _updatedAt
}`)

export const projectsQuery = defineQuery(`*[_type == "project"] | order(order asc){ ${projectCard} }`)

export const projectQuery = defineQuery(`*[_type == "project" && slug.current == $slug][0]{
  ${projectCard}, _updatedAt, body, ${seo}
}`)

export const projectRoutesQuery =
  defineQuery(`*[_type == "project" && defined(slug.current)] | order(order asc){
  "slug": slug.current, _updatedAt
}`)

export const galleryQuery = defineQuery(`*[_type == "galleryItem"] | order(order asc){
  _id, caption, "image": image{ ${image} }
}`)

export const testimonialsQuery = defineQuery(`*[_type == "testimonial"] | order(order asc){
  _id, name, role, company, content, rating, initials
}`)

export const industriesQuery = defineQuery(`*[_type == "industry"] | order(order asc){
  _id, title, points, icon
}`)

export const brandLogosQuery = defineQuery(`*[_type == "brandLogo"] | order(order asc){
  _id, name, "logo": logo{ ${image} }
}`)

export const postsQuery = defineQuery(
  `*[_type == "post" && defined(slug.current)] | order(publishedAt desc){ ${postCard} }`,
)

export const latestPostsQuery = defineQuery(
  `*[_type == "post" && defined(slug.current)] | order(publishedAt desc)[0...3]{ ${postCard} }`,
)

export const postQuery = defineQuery(`*[_type == "post" && slug.current == $slug][0]{
  ${postCard}, _updatedAt, keywords, baselineViews, body, closingCtas[]{ ${link} }, ${seo}
}`)

export const postRoutesQuery =
  defineQuery(`*[_type == "post" && defined(slug.current)] | order(publishedAt desc){
  "slug": slug.current, _updatedAt
}`)

export const viewBaselinesQuery = defineQuery(`*[_type == "post" && defined(slug.current)]{
  "slug": slug.current, baselineViews
}`)

export const redirectsQuery = defineQuery(`*[_type == "redirect" && defined(from) && defined(to)]{
  from, to, permanent
}`)

export const pageRoutesQuery = defineQuery(`*[_type == "page" && defined(route)]{ key, route, _updatedAt }`)
