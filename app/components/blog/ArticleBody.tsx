import './article-body.css'

/**
 * The post body: HTML rendered and sanitised on the server when the post was
 * saved (renderPostContent), set in the typography of article-body.css.
 */
export function ArticleBody({ html }: { html: string }) {
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />
}
