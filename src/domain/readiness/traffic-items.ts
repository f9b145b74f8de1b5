/**
 * The items the traffic shows beyond the checklist's own questions: the notification endpoint's
 * answers, order calls within what is left, the widget token kept, the terms page over HTTPS.
 * Listed after the checklist's items, in this order.
 */
import type { ReadinessItem } from './item.js';
import { notificationAnswered } from './notification-answer.js';
import { withinWhatIsLeft } from './order-limits.js';
import { termsHttps } from './terms-uri.js';
import { widgetTokenReuse } from './widget-token.js';

export const TRAFFIC_ITEMS: readonly ReadinessItem[] = [notificationAnswered, withinWhatIsLeft, widgetTokenReuse, termsHttps];
