/** What a Launch of the Week place is called wherever it is named (list_awards, badges, cards, the listing page). */
export const awardLabel = (place: number) => `#${place} Launch of the Week`;
