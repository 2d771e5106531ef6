import type { PostStatus } from '~/db/types'

import { daysAgoAt } from './dates'

/**
 * Demo blog posts. Copy follows Oklahoma's medical-only rules: written for
 * patients with a medical card, no recreational framing and no claims that a
 * product treats, cures or relieves anything.
 */
export interface DemoPost {
  title: string
  slug: string
  excerpt: string
  content: string
  author: string
  status: PostStatus
  /** days before the seed runs (published), or negative for the future (scheduled); null for drafts */
  daysAgo: number | null
  hero_image_url?: string
  meta_title?: string
  meta_description?: string
  categories: string[]
  tags: string[]
}

export const TEAM = 'Lindsey Street Cannabis Co. Team'

const POSTS: DemoPost[] = [
  {
    title: 'Curbside Pickup Is Here',
    slug: 'curbside-pickup-is-here',
    excerpt:
      'Order from the live menu, pull into one of our marked spots on Lindsey Street and we will bring your order out to you. Here is how curbside pickup works, step by step.',
    author: 'Maya',
    status: 'published',
    daysAgo: 6,
    hero_image_url: '/images/hero.svg',
    meta_title: 'Curbside Pickup in Norman, OK | How It Works',
    meta_description:
      'Order online from our live menu and pick up at the curb on West Lindsey Street. What to bring, where to park and how to let us know you are here.',
    categories: ['Store News'],
    tags: ['Curbside Pickup', 'Online Ordering'],
    content: `Busy day? You can now skip the line entirely. Place your order on our live menu, drive over, and a member of our team will bring it out to your car.

![Our counter, where curbside orders are checked and bagged before we bring them out](/images/gallery/shop-counter.svg)

## How it works

1. **Order online.** Open the [live menu](/live-menu), add what you need to your cart and choose curbside pickup at checkout.
2. **Wait for the text.** We will send a message when your order has been checked and bagged, usually within 15 to 30 minutes.
3. **Park in a marked spot.** Our curbside spaces are right by the front door and signed in green.
4. **Let us know you are here.** Reply to the text with your parking spot number, or call the store.
5. **Show your card.** We check your Oklahoma medical card and photo ID at the car window, take payment and hand over your order.

## What to bring

- Your **medical card** (physical or the digital card from the OMMA portal) and a matching **photo ID**
- **Cash**, since we are a cash-only store. If you need cash, come inside and use the ATM by the front door, then head back to your car.

## A few good-to-knows

Curbside orders are held until closing on the day you place them. If something on your order sells out before we pick it, we will text you and offer a swap or a refund on that item, never a surprise substitution.

Deals and loyalty points apply to curbside orders exactly as they do in the store, and first-time patients still get their 15% off the entire purchase.

## Why we added it

Many of our patients told us that a quick pickup on the way home from work matters more than browsing. Others simply prefer not to wait in a busy lobby. Curbside keeps the same check-in rules as the counter, so it is just as careful, just faster.

Questions about an order? Call the store or send us a note through the [contact page](/contact) and we will get back to you the same day.`,
  },
  {
    title: 'Around Norman: Community Events We Love',
    slug: 'around-norman-community-events',
    excerpt:
      'From Main Street art walks to lake days at Thunderbird, here are the local events our team looks forward to every year, plus a few ways we give back to the neighborhood.',
    author: 'Jordan',
    status: 'published',
    daysAgo: 19,
    categories: ['Community'],
    tags: ['Norman'],
    content: `Norman is more than a college town, and our team loves getting out and seeing it. Here are a few of the things we mark on the calendar every year.

## Downtown on Main Street

Our partner store, Blue Water, sits right on West Main, so we see the second Friday art walks up close. Galleries stay open late, local musicians set up on the corners and the whole block fills with neighbors.

- **Second Friday Art Walk:** monthly, downtown galleries and studios
- **Music on the sidewalks:** spring and early summer evenings
- **Holiday lights:** the Main Street parade kicks off the season

## Out at the lake

Lake Thunderbird State Park is about twenty minutes east of our stores. Our team heads out for trail clean-ups twice a year. If you want to join, follow us on social media for dates.

![A bright, plant-filled seating area with big windows](/images/gallery/shop-lounge.svg)

## Giving back

We set aside a share of our profits every quarter for local causes chosen by our staff. This year that has included:

1. A food pantry drive at the Lindsey store, where patients dropped off more than 600 pounds of canned goods
2. Volunteer shifts with a local animal shelter
3. Supplies for a neighborhood school's art room

## A note on public events

Oklahoma's rules limit where medical cannabis can be used, and products are only ever sold to patients at the counter, so you will never see us handing out products at community events. What you will see is our team in green shirts picking up trash, pouring lemonade and meeting neighbors.

Have an event you think we should know about? Tell us through the [contact page](/contact) and pick "General Question". We read every message.`,
  },
  {
    title: 'How Our Loyalty Program Works',
    slug: 'how-our-loyalty-program-works',
    excerpt:
      'Earn points on every purchase, see your balance at checkout and redeem them for dollars off. A plain-language guide to the loyalty program at both Norman stores.',
    author: TEAM,
    status: 'published',
    daysAgo: 33,
    meta_title: 'Loyalty Points at Lindsey Street Cannabis Co.',
    meta_description: 'How to join, how points are earned on every purchase and how to redeem them at checkout.',
    categories: ['Store News'],
    tags: ['Loyalty', 'Deals'],
    content: `We like to think we run the best loyalty program in the state, and we want it to be simple. Here is everything you need to know.

## Joining

Signing up takes about thirty seconds at the counter. We only need your name and a phone number. There is no fee and no minimum purchase.

## Earning points

- **1 point for every dollar** you spend, before tax
- **Double points weekends** a few times a year (watch our [deals page](/deals))
- **Bonus points** on your birthday month

Points are added the moment your purchase is complete, in the store or through curbside pickup.

![Our display counter, with labeled jars and a rewards sign](/images/gallery/shop-counter.svg)

## Redeeming points

| Points | Reward |
| --- | --- |
| 100 | $5 off |
| 200 | $12 off |
| 400 | $30 off |

Just tell your budtender you would like to use points. You can combine points with most weekly deals. The only exception is the first-time patient discount, which is not combinable with other promotions.

## Frequently asked

### Do my points expire?

Points stay active as long as you make a purchase at least once every twelve months.

### Can I use my points at Blue Water?

Blue Water runs its own program. Points earned at the Lindsey Street store are used there.

### I forgot to give my number. Can I still get points?

Yes. Bring your receipt within seven days and we will add them for you.

Your balance is printed on every receipt, and any budtender can look it up for you in a few seconds. If you change your phone number, let us know at the counter so your points move with you.

Thank you for shopping local. Every point is our way of saying we appreciate you choosing a Norman-owned store.`,
  },
  {
    title: 'How to Read a Cannabis Lab Label',
    slug: 'how-to-read-a-cannabis-lab-label',
    excerpt:
      'THC, THCa, total cannabinoids, terpenes, batch numbers and test dates: a field guide to the numbers printed on every product label, so you can compare products with confidence.',
    author: 'Tessa',
    status: 'published',
    daysAgo: 47,
    hero_image_url: '/images/gallery/shop-lounge.svg',
    meta_title: 'How to Read a Cannabis Lab Label | Patient Guide',
    meta_description:
      'A plain guide to THC, THCa, total cannabinoids, terpenes, batch numbers and test dates on Oklahoma product labels.',
    categories: ['Patient Guides'],
    tags: ['Lab Testing', 'First Visit'],
    content: `Every product on our shelves has been tested by a licensed Oklahoma laboratory, and the results are printed on the package. Here is how to make sense of them.

![Jars and packages lined up on our display counter](/images/gallery/shop-counter.svg)

## The numbers you will see

- **THCa:** the form of THC found in raw flower. It converts to THC when heated.
- **Delta-9 THC:** THC that is already active. In flower it is usually a small number.
- **Total THC:** a calculated figure that combines the two, so you can compare flowers fairly.
- **CBD and CBDa:** the same idea for CBD.
- **Total cannabinoids:** everything the lab measured, added up.

For flower, percentages describe the weight of the sample. For edibles and other infused products, you will see **milligrams per package** and **milligrams per serving** instead.

## Terpenes

Many labels now list the top terpenes, the aromatic compounds that give each strain its smell. They are shown as a percentage, often between 0.5% and 3%. Read more in our [terpenes guide](/blog/terpenes-explained).

## Batch and dates

1. **Batch number:** ties the package to a specific lab test. Ask us and we can show you the full certificate of analysis.
2. **Test date:** when the lab analyzed the batch.
3. **Harvest or packaging date:** fresher flower usually keeps more of its aroma.

## What the label does not tell you

A higher THC number does not mean a product is better, and no label can predict how a product will feel for you. Aroma, freshness and your own experience matter just as much. That is why we encourage patients to take notes on what they try and share them with us.

## Ask us anything

Our budtenders read lab results all day. If a number does not make sense, bring the package to the counter and we will walk through it together. You can also browse current products and their lab figures on the [live menu](/live-menu).`,
  },
  {
    title: 'A New ATM, Right Inside the Front Door',
    slug: 'new-atm-inside-the-front-door',
    excerpt:
      'Because cannabis sales in Oklahoma are cash only, we have added a second, faster ATM at the Lindsey Street store, with lower fees and room for two at a time.',
    author: TEAM,
    status: 'published',
    daysAgo: 61,
    categories: ['Store News'],
    tags: ['Payment'],
    content: `We hear it all the time: "Do you take cards?" Because of federal banking rules, Oklahoma dispensaries are cash only, and we are no exception. To make that easier, we have installed a brand-new ATM right inside the front door of our Lindsey Street store.

## What is new

- **Two machines** instead of one, so there is rarely a wait
- **A lower fee** than the old machine
- **Faster transactions**, with tap-to-withdraw for phones that support it
- **Inside the lobby**, in view of our staff and our cameras, so you can withdraw in a safe, well-lit spot

![Our bright lobby, with seating and plants by the windows](/images/gallery/shop-lounge.svg)

## Tips for a smooth visit

1. Check the [deals page](/deals) before you come so you know roughly what you will spend.
2. Withdraw a little extra if you plan to use curbside pickup. We will bring change, but exact amounts speed things up.
3. Keep your receipt. If a machine ever shorts you, our staff can call the operator with you on the spot.

## Why not cards?

Some shops offer "cashless ATM" or debit workarounds that add hidden fees and can be shut off without notice. We would rather be upfront: cash at the counter, a fair ATM on site and no surprises on your statement.

## At Blue Water too

Our partner store on Main Street also has an ATM in the lobby. Hours and directions for both stores are on the [locations page](/locations).

As always, if you have feedback about the new machines, let us know. We read every message, and the old machine's problems came to us the same way: from patients who took a minute to tell us what was not working.`,
  },
  {
    title: 'Edibles Basics: Start Low, Go Slow',
    slug: 'edibles-basics-start-low-go-slow',
    excerpt:
      'Edibles take longer to kick in than other products and the label is your best friend. Here is how to read milligrams per serving, why patience matters and how to keep notes.',
    author: 'Tessa',
    status: 'published',
    daysAgo: 76,
    meta_title: 'Edibles Basics: Start Low, Go Slow',
    meta_description:
      'How edible labels work, why onset takes longer than you expect and simple habits for trying a new product carefully.',
    categories: ['Patient Guides'],
    tags: ['Edibles', 'Safety'],
    content: `Edibles are one of the most popular categories in our stores, and one of the most misunderstood. The golden rule our budtenders repeat every day is simple: **start low and go slow.**

## Read the label first

Every edible package in Oklahoma lists two numbers:

- **Milligrams of THC per package**, the total in the whole box or bar
- **Milligrams of THC per serving**, what is in one gummy, square or piece

A chocolate bar might contain 100 mg in total but be scored into ten 10 mg pieces. Those pieces can also be broken in half. If you are new to edibles, ask us about low-dose options of 2.5 to 5 mg per piece.

![Our counter, where budtenders can walk you through labels](/images/gallery/shop-counter.svg)

## Why patience matters

Edibles are digested, so they take longer to take effect than other products. It can be 30 minutes to two hours before you notice anything, and the experience can last several hours. The most common mistake we hear about is taking a second serving too soon because "nothing was happening."

A simple routine:

1. Choose a time when you have no plans to drive or go anywhere.
2. Take one serving, or less.
3. Wait at least two hours before deciding whether to take more on another day.
4. Write down the product, the amount and what you noticed.

## Storage

Many edibles look like ordinary candy. Keep them in the child-resistant packaging they came in, out of sight and out of reach of children and pets. Our guide to [safe storage at home](/blog/safe-storage-at-home) has more ideas.

## Talk to your physician

Your physician knows your health history and the other medications you take. If you have questions about how edibles might fit with those, ask them first. We are happy to help with products and labels, but we do not give medical advice.

Stop by either store and we will show you what is on the shelf, or browse the edibles section of the [live menu](/live-menu).`,
  },
  {
    title: 'Terpenes, Explained Without the Hype',
    slug: 'terpenes-explained',
    excerpt:
      'Myrcene, limonene, caryophyllene and pinene: what terpenes are, how to find them on a label and why we describe them by aroma rather than by promises.',
    author: 'Luis',
    status: 'published',
    daysAgo: 90,
    categories: ['Product Spotlights', 'Patient Guides'],
    tags: ['Terpenes', 'Lab Testing'],
    content: `Open a jar of flower and the first thing you notice is the smell. That aroma comes from **terpenes**, natural compounds found in cannabis and in many other plants, from pine trees to lemon peels.

## Where to find them

Most lab labels list the top two or three terpenes and their percentage. Our [guide to lab labels](/blog/how-to-read-a-cannabis-lab-label) explains where to look.

## The common ones, by aroma

- **Myrcene:** earthy, musky, a little like ripe mango or cloves
- **Limonene:** bright citrus, the smell of fresh orange or lemon zest
- **Caryophyllene:** peppery and warm, also found in black pepper
- **Pinene:** fresh pine needles and rosemary
- **Linalool:** floral, similar to lavender
- **Terpinolene:** fresh, herbal and a little fruity

![A calm corner of the shop with plants and natural light](/images/gallery/shop-lounge.svg)

## Why we talk about aroma, not effects

You may have read bold claims online about what each terpene "does." Research into terpenes is still early, and how any product feels varies a lot from person to person. So we keep it honest: we describe terpenes by how they smell and taste, and we help you compare products that share a profile you already like.

## How to use terpenes when you shop

1. Note the top terpenes of products you have enjoyed.
2. Ask a budtender to show you other products with a similar profile.
3. Smell the display jars at the counter. Your nose is a good guide.
4. Keep a short journal of what you try.

## Terpenes and freshness

Terpenes fade with heat, light and air. Store flower in an airtight container somewhere cool and dark, and buy amounts you will use within a few weeks.

Curious about a specific strain? Ask at the counter or browse profiles on the [live menu](/live-menu).`,
  },
  {
    title: 'Safe Storage at Home',
    slug: 'safe-storage-at-home',
    excerpt:
      'Child-resistant packaging, a lockable box, labels that stay on and a cool, dark shelf: simple habits that keep your products safe, fresh and away from kids, pets and guests.',
    author: TEAM,
    status: 'published',
    daysAgo: 104,
    categories: ['Patient Guides'],
    tags: ['Safety', 'Edibles'],
    content: `Safe storage protects the people and pets you live with, and it keeps your products fresh. Here are the habits we recommend to every patient.

## Keep it locked and out of sight

- Use a **lockable box or cabinet**, ideally on a high shelf.
- Keep products in their **original child-resistant packaging** with the label attached.
- Never store edibles next to ordinary snacks, or in a candy dish.
- Remind house guests and babysitters that the box is off-limits.

![Labeled, sealed packages on our display counter](/images/gallery/shop-counter.svg)

## Protect freshness

Heat, light, air and humidity all break down flower and concentrates over time.

1. **Flower:** an airtight glass jar, somewhere cool and dark. A humidity pack helps keep it from drying out.
2. **Concentrates:** small silicone or glass containers, kept cool. Some patients keep them in the refrigerator in a sealed, labeled container.
3. **Vape cartridges:** upright, at room temperature, away from direct sunlight.
4. **Edibles:** in their package, away from heat so chocolates do not melt.

## Pets

Dogs in particular are drawn to edibles and can get into a bag left on the floor. If you think a pet has eaten a cannabis product, call your veterinarian or an animal poison control line right away.

## Children

If a child may have swallowed a cannabis product, call the Poison Control Center at 1-800-222-1222, or 911 in an emergency. Keep that number on your fridge.

## Travel around town

Keep products in their sealed packaging, in the trunk or a closed container, and carry your medical card with you. Never drive impaired.

## Ask for a storage box

We carry lockable storage boxes and smell-proof bags at both stores. Ask at the counter or look under Accessories on the [live menu](/live-menu).`,
  },
  {
    title: 'Your First Visit: A Simple Checklist',
    slug: 'your-first-visit-checklist',
    excerpt:
      'What to bring, what happens at check-in, how our budtenders help you choose and how to save 15% on your entire first purchase. Everything a new patient needs before walking in.',
    author: 'Maya',
    status: 'published',
    daysAgo: 121,
    hero_image_url: '/images/gallery/shop-lounge.svg',
    meta_title: 'Your First Dispensary Visit in Norman: A Checklist',
    meta_description:
      'New patient? What to bring, how check-in works and how to save 15% on your entire first purchase at Lindsey Street Cannabis Co.',
    categories: ['Patient Guides'],
    tags: ['First Visit', 'Medical Card'],
    content: `Walking into a dispensary for the first time can feel like a lot. It does not need to. Here is exactly what to expect when you visit us on West Lindsey Street.

![The front of our store on West Lindsey Street, with its green awning](/images/hero.svg)

## Before you leave home

- Your **Oklahoma medical marijuana card** (a medical card is required for every visit)
- A **government-issued photo ID** that matches the card
- **Cash.** We are cash only, with an ATM on site
- A rough idea of your budget and what you want to try

Do not have a card yet? Read our guide to [getting an Oklahoma medical card](/blog/how-to-get-an-oklahoma-medical-card).

## At check-in

1. A team member at the front desk scans your card and ID. It takes about a minute.
2. First-time patients fill in a short welcome form so we can add you to our loyalty program.
3. You will be called to the counter by the next available budtender.

## At the counter

Your budtender will ask a few questions: what you have tried before, which product types you prefer and what you want to spend. They will show you options, explain the lab labels and let you smell flower from our display jars.

There is no pressure to buy anything, and there is no such thing as a silly question.

## Your first-time discount

First-time patients get **15% off their entire purchase**. The discount is not combinable with other promotions, so we will apply whichever saves you more.

## After your visit

Keep your receipt and write down what you bought. When you come back, tell us what you liked and what you did not, and we can help you fine-tune your next choice.

Hours and directions are on the [locations page](/locations). We look forward to meeting you.`,
  },
  {
    title: 'How to Get Your Oklahoma Medical Marijuana Card',
    slug: 'how-to-get-an-oklahoma-medical-card',
    excerpt:
      'A step-by-step overview of applying for an Oklahoma medical marijuana patient license through OMMA: the physician recommendation, the documents you need and what happens after you apply.',
    author: TEAM,
    status: 'published',
    daysAgo: 138,
    meta_title: 'How to Get an Oklahoma Medical Marijuana Card',
    meta_description:
      'The OMMA application step by step: physician recommendation, documents, fees and what to expect after you apply.',
    categories: ['Patient Guides'],
    tags: ['Medical Card', 'OMMA'],
    content: `Oklahoma is a medical-only state. To shop at any dispensary, including ours, you need a patient license from the Oklahoma Medical Marijuana Authority (OMMA). Here is how the process works.

## Step 1: Talk with a physician

You will need an adult patient physician recommendation form, signed by an Oklahoma-licensed physician (MD or DO) within the last 30 days. Oklahoma does not use a list of qualifying conditions; the decision is between you and your physician.

## Step 2: Gather your documents

- **Proof of Oklahoma residency**, such as a driver's license or state ID
- **Proof of identity**, usually the same ID
- **A clear, recent photo** of your face, like a passport photo
- The signed **physician recommendation**
- If you qualify for the reduced fee, proof of Medicaid, Medicare or 100% disabled veteran status

## Step 3: Apply online

Applications are submitted through the OMMA online portal. Check the [Oklahoma Medical Marijuana Authority website](https://oklahoma.gov/omma.html) for the current application fee, the reduced fee and processing times, since these can change.

## Step 4: Wait for approval

OMMA reviews applications and sends a decision by email. Once approved, you can print your license or show the digital version along with your photo ID.

![Our store front on a calm Norman evening](/images/hero.svg)

## Tips from our team

1. Double-check that your name matches exactly across your ID and your application.
2. Use a plain background for your photo.
3. Save a copy of every document you upload.
4. Put the **expiration date** in your calendar now. Our guide to [renewing your card](/blog/renewing-your-medical-card) explains why.

## Visiting from another state?

OMMA also offers a temporary license for patients who hold a valid medical card from another state. Check the OMMA site for details before you travel.

Once you have your card, you are ready for your [first visit](/blog/your-first-visit-checklist). Bring it, plus your photo ID, every time you shop.`,
  },
  {
    title: 'Concentrates 101: Wax, Shatter, Badder and Rosin',
    slug: 'concentrates-101',
    excerpt:
      'What sets wax apart from shatter, why badder looks like cake frosting and how rosin is made without solvents. A tour of the concentrates case, texture by texture.',
    author: 'Luis',
    status: 'published',
    daysAgo: 156,
    categories: ['Product Spotlights'],
    tags: ['Concentrates', 'Lab Testing'],
    content: `Concentrates can look intimidating in the display case: tiny jars, glassy slabs and words like "live resin." Here is a friendly guide to what you are looking at.

## The main textures

- **Shatter:** thin, glass-like sheets that snap when cold. Amber to gold in color.
- **Wax:** soft and opaque, somewhere between candle wax and lip balm.
- **Budder or badder:** whipped until creamy, with a texture like cake frosting. Easy to scoop.
- **Crumble:** dry and crumbly, like feta cheese.
- **Sauce:** runny, terpene-rich liquid, often with crystals mixed in.
- **Rosin:** made with only heat and pressure, no solvents.

![Our counter, where concentrates are kept in a chilled case](/images/gallery/shop-counter.svg)

## Live, cured and solventless

1. **Cured** products are made from dried and cured plant material.
2. **Live** resin and live rosin start from fresh-frozen plants, harvested and frozen right away to keep more of the original aroma.
3. **Solventless** products, like rosin, are made without hydrocarbon or CO2 extraction.

None of these is automatically "better." They simply have different textures, aromas and prices.

## Reading the label

Concentrates are much more potent than flower, and lab labels often show total THC well above 60%. That is a big reason to start with a very small amount. Our [lab label guide](/blog/how-to-read-a-cannabis-lab-label) walks through the numbers.

## Handling and storage

- Use a clean, dry tool to portion them.
- Keep jars closed, cool and out of sunlight.
- Store everything in a locked box, away from children and pets.

## Save on wax

Watch our [deals page](/deals) for Weekday Wax Wednesday pricing, and ask about smaller half-gram sizes if you would like to compare a few textures without buying a lot of one. Questions about a product? Ask at the counter, we love talking about this stuff.`,
  },
  {
    title: 'Brand Spotlight: Prairie Gold',
    slug: 'brand-spotlight-prairie-gold',
    excerpt:
      'A family farm an hour from Norman, sun-grown flower, small batches and hand-trimmed buds. Meet Prairie Gold, one of the local growers our patients ask about most.',
    author: 'Jordan',
    status: 'published',
    daysAgo: 175,
    categories: ['Product Spotlights'],
    tags: ['Local Brands'],
    content: `Every few months we put the spotlight on one of the Oklahoma brands on our shelves. This time: **Prairie Gold**, a small farm that has been with us since our first month.

## The farm

Prairie Gold is a family operation about an hour from Norman. They grow in a mix of greenhouse and sun-grown plots, harvesting in small batches and hand-trimming every bud.

What we like about working with them:

- **Consistency.** Batch after batch, their flower arrives well cured and carefully packaged.
- **Transparency.** Every jar ships with a full lab report, and they share harvest dates with us.
- **Communication.** When a batch is not up to their standard, they tell us and do not ship it.

![Jars from local growers on our display counter](/images/gallery/shop-counter.svg)

## What to look for

Prairie Gold's labels are easy to spot: a golden wheat stalk on a cream background. You will find:

1. **Eighths and quarters** of their rotating strains
2. **Pre-roll packs** made from the same flower, not trim
3. Occasional **limited drops** after the fall harvest

## Why local matters

Buying from Oklahoma growers keeps money in our communities and shortens the trip from farm to shelf. Fresher flower usually means more of its aroma makes it into the jar.

## See the rest of our brands

Prairie Gold is one of more than a dozen brands we carry. Browse them all on our [brands page](/brands), or look for their products on the [live menu](/live-menu).

Prairie Gold's spring and fall harvests usually reach our shelves a few weeks after they are cut, once curing and lab testing are done. Ask at the counter and we can tell you when the next batch is expected.

Have a brand you would like us to feature next? Tell us on the [contact page](/contact) by choosing "Product Suggestion".`,
  },
  {
    title: 'Indica, Sativa, Hybrid: What the Labels Do and Do Not Tell You',
    slug: 'indica-sativa-hybrid-labels',
    excerpt:
      'Those three words are on nearly every jar, but they describe plant ancestry more than anything else. How to use them, and what to look at instead when you compare products.',
    author: 'Luis',
    status: 'published',
    daysAgo: 196,
    categories: ['Product Spotlights', 'Patient Guides'],
    tags: ['Terpenes', 'Lab Testing'],
    content: `"Is this an indica or a sativa?" is one of the questions we hear most at the counter. It is a fair question, and the honest answer is more interesting than a single word.

## Where the words come from

Indica and sativa began as botanical terms describing plant shape. Indica plants tend to be short and bushy with broad leaves; sativa plants are tall with narrow leaves. Hybrids, which make up most of what is grown today, are crosses of the two.

## What they tell you

- Something about the **plant's ancestry and how it grew**
- Sometimes a rough hint about **aroma families**, since related plants share terpenes

## What they do not tell you

Decades of cross-breeding mean the labels are a loose guide at best. Two "indicas" can have very different terpene profiles and cannabinoid numbers, and how any product feels differs from person to person.

![A budtender's view of our display counter](/images/gallery/shop-counter.svg)

## What to compare instead

1. **Cannabinoids:** total THC and CBD on the label
2. **Terpenes:** the top two or three listed (see our [terpenes guide](/blog/terpenes-explained))
3. **Freshness:** harvest and packaging dates
4. **Your own notes:** what you have tried before and what you liked about it

## How we help

When you tell us about a product you enjoyed, we look at its full lab profile and find others with similar numbers and aromas, rather than relying on a single word. It is a better way to shop, and it is more fun. Many patients end up loyal to a grower or a terpene profile rather than a category.

Browse by product type on the [live menu](/live-menu), or bring your notes to the counter at either store.`,
  },
  {
    title: 'Renewing Your Medical Card Without a Gap',
    slug: 'renewing-your-medical-card',
    excerpt:
      'A medical card is required for every visit, so an expired license means no shopping until it is renewed. How far ahead to start, what you need and how to avoid a gap.',
    author: 'Maya',
    status: 'published',
    daysAgo: 220,
    categories: ['Patient Guides'],
    tags: ['Medical Card', 'OMMA'],
    content: `We see it every week: a patient comes to the counter and discovers that their card expired a few days ago. Because a medical card is required for every visit, we cannot make an exception, and nobody enjoys that conversation. Here is how to avoid it.

## Know your date

Your expiration date is printed on your license and shown in the OMMA portal. Put a reminder in your phone **60 days before** it.

## What you will need

- A **new physician recommendation**, signed within 30 days of your renewal application
- Your current **photo ID** and proof of Oklahoma residency
- A **recent photo**
- Proof of reduced-fee eligibility, if it applies to you

## The renewal, step by step

1. Schedule your physician visit about 45 to 60 days before expiry.
2. Log in to the OMMA portal and start your renewal application.
3. Upload your documents and pay the renewal fee. Current fees are listed on the [OMMA website](https://oklahoma.gov/omma.html).
4. Watch your email for the approval, then print or download your new card.

![The front of our store on West Lindsey Street](/images/hero.svg)

## Moved recently?

Update your address with OMMA before you renew. Your ID and application need to match.

## Caregivers

If you are a caregiver, your caregiver license is tied to your patient's license. Renew both on the same schedule. Our post on [caregiver cards](/blog/shopping-as-a-caregiver) has more.

## If your card has already expired

It happens. Start the renewal right away; once OMMA approves it, you can shop again as soon as you have the new card in hand. Until then, neither you nor a caregiver linked to your license can shop, so the sooner you start, the better.

## We can remind you

Loyalty members can opt in to a text reminder one month before their card expires. Ask at the counter, it takes ten seconds to set up.`,
  },
  {
    title: 'How Our Price Match Works',
    slug: 'how-our-price-match-works',
    excerpt:
      'Seen a lower price on the same product at another Norman dispensary? We will match it. Here is what qualifies, what to show us and the few exceptions.',
    author: TEAM,
    status: 'published',
    daysAgo: 248,
    categories: ['Store News'],
    tags: ['Deals'],
    content: `Good prices should not mean driving all over town. That is why we price match local dispensaries on identical products.

## What qualifies

- The **same product**: same brand, same strain or flavor, same size
- Sold by a **licensed dispensary in the Norman area**
- A **current, advertised price**, such as a menu listing, flyer or social post from this week

## How to ask

1. Pull up the other store's menu or post on your phone.
2. Show it to your budtender before checkout.
3. We confirm the details and adjust your price on the spot.

That is it. No forms and no awkwardness.

![Products on display at our counter](/images/gallery/shop-counter.svg)

## The fine print

A few things are not included:

- Buy-one-get-one and bundle offers
- Prices for members of another store's loyalty program
- Clearance or damaged-package items
- Your first-time patient discount, which is not combinable with other promotions

## Online menus and curbside orders

Price matching works for curbside orders too. Add a note to your online order with a link to the other store's listing, and we will check it while we pick your order. If the match is approved, the adjusted price shows on your receipt when we bring the bag out to your car. If we cannot verify a listing, we will text you before charging anything.

## Why we do it

We would rather earn your visit with service than lose it over a couple of dollars. Price matching, together with our loyalty points and weekly deals, means you can shop close to home without second-guessing.

## See this week's deals

Our current offers are always on the [deals page](/deals). Follow us on social media to hear about new ones first.`,
  },
  {
    title: 'Shopping as a Caregiver',
    slug: 'shopping-as-a-caregiver',
    excerpt:
      'Picking up for a family member or someone you care for? What a caregiver license is, what to bring to the counter and how we keep your patient\u2019s information private.',
    author: 'Jordan',
    status: 'published',
    daysAgo: 272,
    categories: ['Patient Guides'],
    tags: ['Medical Card', 'OMMA'],
    content: `Many of our patients rely on someone else to shop for them: a parent, a spouse, an adult child. In Oklahoma, that person needs a **caregiver license** from OMMA.

## Who needs a caregiver license

A caregiver license lets a designated person buy on behalf of a licensed patient who is homebound or otherwise unable to shop for themselves. The patient designates the caregiver, and the caregiver applies through the OMMA portal. Details are on the [OMMA website](https://oklahoma.gov/omma.html).

## What to bring

- Your **caregiver license**
- Your own **photo ID**
- **Cash**, as we are a cash-only store with an ATM on site

The patient's own card is linked to yours, so we can verify everything at check-in.

![Our welcoming lobby with plenty of seating](/images/gallery/shop-lounge.svg)

## At the counter

1. We check your caregiver license and ID.
2. Tell us what your patient usually uses, or bring a list.
3. If your patient wants to try something new, we can give you printed product details to take home.

## Keeping track

Some caregivers keep a simple notebook for their patient: the product, the date, the amount and any notes the patient shares afterwards. Bring it along and we can use it to suggest similar products, or to steer away from ones that were not a good fit. It also makes reorders quick.

## Privacy

We treat caregiver purchases with the same discretion as any other: your patient's information stays between you, us and OMMA.

## Curbside makes it easier

Many caregivers prefer [curbside pickup](/blog/curbside-pickup-is-here). Order on the live menu, and we will bring the order out to your car after checking your license at the window.

If you have questions about caregiving, call either store or use the [contact page](/contact). We are glad to help.`,
  },
  {
    title: 'Meet the Team Behind the Counter',
    slug: 'meet-the-team',
    excerpt:
      'Budtenders, buyers and the folks who keep the shelves stocked: a quick introduction to a few of the people you will meet at the Lindsey Street store.',
    author: TEAM,
    status: 'published',
    daysAgo: 296,
    categories: ['Store News', 'Community'],
    tags: ['Norman'],
    content: `A good dispensary is really about the people. Here are a few of the faces you will see when you stop by West Lindsey Street.

![Our display counter, where the team helps patients every day](/images/gallery/shop-counter.svg)

## Maya, store manager

Maya grew up in Norman and has worked in patient-facing roles for more than ten years. She wrote our first-visit checklist and still greets new patients at the door whenever she can.

## Luis, lead budtender

Luis is our resident terpene nerd. Ask him what he is excited about on the shelf and he will tell you about aromas, growers and harvest dates. He writes many of our product guides.

## Tessa, patient education

Tessa runs our in-store label walkthroughs and wrote our edibles and lab-label guides. Her motto: "There are no silly questions."

## Jordan, community and brands

Jordan works with our local growers and organizes our volunteer days around Norman.

## What we all have in common

- We are **trained on Oklahoma's rules**: medical card and ID at every visit, no exceptions.
- We **do not give medical advice**. We help you understand products and labels, and encourage you to talk with your physician about your health.
- We **listen first**. Your experience guides our suggestions.

## Always learning

The whole team completes product training every month, often with the growers and processors themselves. When a new brand arrives, someone on staff has usually visited the farm or kitchen, tasted the edibles and read every lab report before the first jar reaches the shelf.

## Join us

We hire a few times a year for budtender and inventory roles. If you would like to work with us, send a message through the [contact page](/contact) and choose "Career Opportunity".

See you soon!`,
  },
  // Drafts
  {
    title: 'Holiday Hours at Both Stores',
    slug: 'holiday-hours-at-both-stores',
    excerpt:
      'Our holiday schedule for the Lindsey Street store and Blue Water on Main, plus the best times to avoid a wait.',
    author: 'Maya',
    status: 'draft',
    daysAgo: null,
    categories: ['Store News'],
    tags: ['Norman'],
    content: `The holidays are a busy time for everyone, and our stores are no exception. Here is what to expect over the season.

## Lindsey Street

We plan to keep our usual hours, 9 AM to 10 PM every day, with a few exceptions that we will confirm here before the season starts:

- **Thanksgiving Day:** reduced hours, to be confirmed
- **Christmas Eve:** closing early
- **Christmas Day:** closed so our team can be with their families
- **New Year's Eve:** regular hours

## Blue Water on Main

Our partner store keeps its own schedule. Check the [locations page](/locations) for its current hours.

![A calm view of our lobby, decorated for the season](/images/gallery/shop-lounge.svg)

## Beat the rush

1. Shop in the morning, when the store is quietest.
2. Use [curbside pickup](/blog/curbside-pickup-is-here) for a quick stop.
3. Bring your medical card, photo ID and cash (there is an ATM inside both stores).

## Curbside during the holidays

Curbside pickup stays open on every day the store is open. On the busiest evenings we add an extra runner outside, so orders placed before 8 PM are usually ready within twenty minutes. Orders placed on the live menu are held until closing time that day.

## Deals over the holidays

Our weekly deals keep running through the season, and we usually add a loyalty bonus weekend in December. Watch the [deals page](/deals) for the dates.

## Gift ideas for patients

Accessories, storage boxes and gift cards are popular choices. Remember, only a licensed patient or caregiver can buy cannabis products, so products themselves cannot be gifts.

We will update this post as soon as the schedule is final, and we will share the same dates on our social pages and at the front desk of both stores.`,
  },
  {
    title: 'Pre-roll Guide: Singles, Packs and Infused',
    slug: 'pre-roll-guide',
    excerpt:
      'A quick guide to the pre-rolls on our shelves: sizes, packs, what "infused" means and how to keep them fresh.',
    author: 'Luis',
    status: 'draft',
    daysAgo: null,
    categories: ['Product Spotlights'],
    tags: ['Local Brands', 'Lab Testing'],
    content: `Pre-rolls are one of the simplest products in the store, but there is more variety than you might think.

## Sizes and packs

- **Half-gram singles:** a good way to try a new strain
- **One-gram singles:** the classic size
- **Multi-packs:** several smaller pre-rolls in one tube, often 5 x 0.5 g

## Infused pre-rolls

Infused pre-rolls add a concentrate such as distillate or kief to the flower. They carry much higher total THC figures, so read the label carefully and start with a small amount.

![Pre-roll packs on our display counter](/images/gallery/shop-counter.svg)

## Flower versus trim

Good pre-rolls are made from ground flower, not just leftover trim. Our local growers list what goes inside on the package.

## Reading a pre-roll label

Pre-roll labels list the weight of each piece, the strain, total THC and the top terpenes, just like a jar of flower. Multi-packs show both the weight per piece and the total. If the pack is infused, the label also names the concentrate that was added. Our [lab label guide](/blog/how-to-read-a-cannabis-lab-label) explains each number.

## Keeping them fresh

1. Keep pre-rolls in their tubes until you need them.
2. Store them somewhere cool and dark.
3. Buy what you will use within a few weeks.

## Pre-rolls and your budget

Singles are the most affordable way to try something new before committing to an eighth of the same strain. If you find one you like, ask us whether the grower also sells it in a jar; it often works out cheaper by the gram.

## Try one for a penny

Leave us a 5-star review and get a penny preroll at checkout. Details are on the [deals page](/deals).

This guide is a work in progress: we are adding photos and our team's brand picks from local growers before it goes live.`,
  },
  // Scheduled
  {
    title: 'Edibles Week Is Coming',
    slug: 'edibles-week-is-coming',
    excerpt:
      'Seven days of 25% off gummies, chocolates and drink mixes at the Lindsey Street store. What is included, how to plan ahead and a refresher on starting low and going slow.',
    author: 'Tessa',
    status: 'scheduled',
    daysAgo: -14,
    hero_image_url: '/images/deals/edibles-week.svg',
    categories: ['Store News', 'Product Spotlights'],
    tags: ['Edibles', 'Deals'],
    content: `Mark your calendar: **Edibles Week** starts soon, with 25% off gummies, chocolates and drink mixes for seven full days.

![Edibles on display at our counter, each with its label facing out](/images/gallery/shop-counter.svg)

## What is included

- All **gummies**, including low-dose options
- **Chocolates** and baked goods from local kitchens
- **Drink mixes** and infused beverages

Not included: items already on clearance, and the first-time patient discount, which is not combinable with other promotions.

## Plan ahead

1. Browse the edibles section of the [live menu](/live-menu) before the week starts.
2. Place a curbside order to skip the line.
3. Bring cash, your medical card and photo ID.

## A refresher on dosing labels

Every package shows milligrams per serving and per package. If you are new to edibles, choose a low-dose product and read our guide, [Edibles Basics: Start Low, Go Slow](/blog/edibles-basics-start-low-go-slow), before your visit.

## Loyalty points still count

Every purchase during Edibles Week earns loyalty points as usual, and you can redeem points you have already saved on top of the sale price. Curbside orders qualify too, so you can browse, order and pick up without leaving your car. Popular low-dose gummies tend to sell out early in the week, so plan your visit for the first few days if there is something specific you want.

## Edibles Week at Blue Water

Our partner store on Main Street runs its own promotions. Check the [locations page](/locations) for its hours and contact details, or ask them directly about their plans.

## Storage reminder

Edibles look like ordinary treats. Keep them in their child-resistant packaging and in a locked box, away from children and pets.

Questions about what is included? Call the store or ask at the counter during your next visit. We will see you soon.`,
  },
]

/** The demo posts with their dates placed relative to `now`. */
export function demoPosts(now: Date) {
  return POSTS.map(({ daysAgo, ...post }, index) => {
    const publishedAt = daysAgo === null ? null : daysAgoAt(now, daysAgo, 14 + (index % 6), (index * 7) % 60)
    // Drafts were started recently; everything else was written when it was published.
    const createdAt = publishedAt && daysAgo !== null && daysAgo > 0 ? publishedAt : daysAgoAt(now, 2 + (index % 3), 16)
    return { ...post, published_at: publishedAt, created_at: createdAt, updated_at: createdAt }
  })
}
