/** A phone held upright (an iPhone 12 to 15). */
export const PHONE = { width: 390, height: 844 }

/** A laptop screen. */
export const LAPTOP = { width: 1280, height: 800 }
