import type { ReactNode } from 'react'
import { useLocation, useNavigation } from 'react-router'

import { adminStyles } from './adminStyles'

/** How many placeholders each admin list shows while it loads. */
export const SKELETON_COUNTS = { brands: 12, posts: 5 } as const

const bar = 'rounded bg-cream-200 motion-safe:animate-pulse'

/** The shell already announces "Loading..."; the placeholders are for the eye only. */
function Loading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={adminStyles.page} aria-busy="true">
      <h1 className={adminStyles.h1}>{title}</h1>
      {children}
    </main>
  )
}

export function BrandsSkeleton() {
  return (
    <Loading title="Brands">
      <ul aria-hidden="true" className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: SKELETON_COUNTS.brands }, (_, index) => (
          <li key={index} data-skeleton="brand" className={`${adminStyles.card} flex items-center gap-3`}>
            <div className={`h-10 w-20 shrink-0 ${bar}`} />
            <div className="min-w-0 flex-1 space-y-2">
              <div className={`h-4 w-3/4 ${bar}`} />
              <div className={`h-3 w-1/3 ${bar}`} />
            </div>
          </li>
        ))}
      </ul>
    </Loading>
  )
}

export function PostsSkeleton() {
  return (
    <Loading title="Blog Posts">
      <ul aria-hidden="true" className="mt-6 grid gap-3">
        {Array.from({ length: SKELETON_COUNTS.posts }, (_, index) => (
          <li key={index} data-skeleton="post" className={`${adminStyles.card} space-y-2`}>
            <div className={`h-5 w-2/3 ${bar}`} />
            <div className={`h-3 w-1/4 ${bar}`} />
            <div className={`h-3 w-1/2 ${bar}`} />
          </li>
        ))}
      </ul>
    </Loading>
  )
}

const SKELETONS: Record<string, () => ReactNode> = {
  '/admin/brands': BrandsSkeleton,
  '/admin/blog': PostsSkeleton,
}

/**
 * While staff go to the brands or posts list from another page, the list's
 * placeholders stand in for the page until its data arrives. (A search on the
 * list itself keeps the rows on screen instead.)
 */
export function usePendingListSkeleton(): ReactNode {
  const navigation = useNavigation()
  const { pathname } = useLocation()
  if (navigation.state !== 'loading') return null
  const target = navigation.location.pathname.replace(/\/$/, '')
  if (target === pathname.replace(/\/$/, '')) return null
  const Skeleton = SKELETONS[target]
  return Skeleton ? <Skeleton /> : null
}
