/** The name of the httpOnly cookie that carries the session token (the REST docs name it too). */
export const SESSION_COOKIE = 'vestora_session';
