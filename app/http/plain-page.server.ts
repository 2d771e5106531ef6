/**
 * A small self-contained page for answers given before the app renders
 * anything (a body too large, a method the site does not use). It carries its
 * own styles, loads nothing, and echoes nothing from the request.
 */
export function plainPage(options: { status: number; title: string; message: string; siteName: string }): string {
  const escape = (text: string) =>
    text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escape(options.title)} | ${escape(options.siteName)}</title>
<style>
body{margin:0;font-family:system-ui,sans-serif;background:#fbf8f1;color:#1f2a24;line-height:1.5}
main{max-width:36rem;margin:0 auto;padding:5rem 1.5rem;text-align:center}
.status{font-size:4rem;font-weight:600;color:#1f5135;margin:0}
h1{font-size:1.75rem;margin:.5rem 0 1rem}
a{display:inline-block;margin-top:1.5rem;padding:.75rem 1.5rem;border-radius:999px;background:#1f5135;color:#fbf8f1;font-weight:600;text-decoration:none}
</style>
</head>
<body>
<main>
<p class="status">${options.status}</p>
<h1>${escape(options.title)}</h1>
<p>${escape(options.message)}</p>
<a href="/">Return to Home</a>
</main>
</body>
</html>
`
}
