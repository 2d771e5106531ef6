import { redirect } from 'react-router'

/** Spec §2.14: the password reset ends on /login, which is the staff sign-in page. */
export function loader() {
  return redirect('/admin/login')
}
