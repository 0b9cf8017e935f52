// The link of a shared message: pure, shared by the API and the back-office island.

/** The channel widget with `s={token}` (visitor-widget §2 query s); never the sequential id. */
export const sharedMessageUrl = (channelWidgetUrl: string, token: string) =>
  `${channelWidgetUrl}?s=${encodeURIComponent(token)}`;
