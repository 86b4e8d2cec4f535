(function(){let e=document.createElement(`link`).relList;if(e&&e.supports&&e.supports(`modulepreload`))return;for(let e of document.querySelectorAll(`link[rel="modulepreload"]`))n(e);new MutationObserver(e=>{for(let t of e)if(t.type===`childList`)for(let e of t.addedNodes)e.tagName===`LINK`&&e.rel===`modulepreload`&&n(e)}).observe(document,{childList:!0,subtree:!0});function t(e){let t={};return e.integrity&&(t.integrity=e.integrity),e.referrerPolicy&&(t.referrerPolicy=e.referrerPolicy),t.credentials=e.crossOrigin===`use-credentials`?`include`:e.crossOrigin===`anonymous`?`omit`:`same-origin`,t}function n(e){if(e.ep)return;e.ep=!0;let n=t(e);fetch(e.href,n)}})();var e,t,n,r,i,a,o,s,c,l,u,d,f,p,m,h,g={},_=[],v=/acit|ex(?:s|g|n|p|$)|rph|grid|ows|mnc|ntw|ine[ch]|zoo|^ord|itera/i,y=Array.isArray;function b(e,t){for(var n in t)e[n]=t[n];return e}function ee(e){e&&e.parentNode&&e.parentNode.removeChild(e)}function x(t,n,r){var i,a,o,s={};for(o in n)o==`key`?i=n[o]:o==`ref`?a=n[o]:s[o]=n[o];if(arguments.length>2&&(s.children=arguments.length>3?e.call(arguments,2):r),typeof t==`function`&&t.defaultProps!=null)for(o in t.defaultProps)s[o]===void 0&&(s[o]=t.defaultProps[o]);return S(t,s,i,a,null)}function S(e,r,i,a,o){var s={type:e,props:r,key:i,ref:a,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:o??++n,__i:-1,__u:0};return o==null&&t.vnode!=null&&t.vnode(s),s}function C(e){return e.children}function te(e,t){this.props=e,this.context=t}function w(e,t){if(t==null)return e.__?w(e.__,e.__i+1):null;for(var n;t<e.__k.length;t++)if((n=e.__k[t])!=null&&n.__e!=null)return n.__e;return typeof e.type==`function`?w(e):null}function T(e){if(e.__P&&e.__d){var n=e.__v,r=n.__e,i=[],a=[],o=b({},n);o.__v=n.__v+1,t.vnode&&t.vnode(o),le(e.__P,o,n,e.__n,e.__P.namespaceURI,32&n.__u?[r]:null,i,r??w(n),!!(32&n.__u),a),o.__v=n.__v,o.__.__k[o.__i]=o,de(i,o,a),n.__e=n.__=null,o.__e!=r&&ne(o)}}function ne(e){if((e=e.__)!=null&&e.__c!=null)return e.__e=e.__c.base=null,e.__k.some(function(t){if(t!=null&&t.__e!=null)return e.__e=e.__c.base=t.__e}),ne(e)}function E(e){(!e.__d&&(e.__d=!0)&&i.push(e)&&!D.__r++||a!=t.debounceRendering)&&((a=t.debounceRendering)||o)(D)}function D(){try{for(var e,t=1;i.length;)i.length>t&&i.sort(s),e=i.shift(),t=i.length,T(e)}finally{i.length=D.__r=0}}function re(e,t,n,r,i,a,o,s,c,l,u){var d,f,p,m,h,v,y=r&&r.__k||_,b=t.length;for(c=ie(n,t,y,c,b),d=0;d<b;d++)(p=n.__k[d])!=null&&(f=p.__i!=-1&&y[p.__i]||g,p.__i=d,v=le(e,p,f,i,a,o,s,c,l,u),m=p.__e,p.ref&&f.ref!=p.ref&&(f.ref&&me(f.ref,null,p),u.push(p.ref,p.__c||m,p)),h==null&&m!=null&&(h=m),4&p.__u?(c=ae(p,c,e),f.__e&&(f.__e=null)):typeof p.type==`function`&&v!==void 0?c=v:m&&(c=m.nextSibling),p.__u&=-7);return n.__e=h,c}function ie(e,t,n,r,i){var a,o,s,c,l,u=n.length,d=u,f=0;for(e.__k=Array(i),a=0;a<i;a++)(o=t[a])!=null&&typeof o!=`boolean`&&typeof o!=`function`?(typeof o==`string`||typeof o==`number`||typeof o==`bigint`||o.constructor==String?o=e.__k[a]=S(null,o,null,null,null):y(o)?o=e.__k[a]=S(C,{children:o},null,null,null):o.constructor===void 0&&o.__b>0?o=e.__k[a]=S(o.type,o.props,o.key,o.ref?o.ref:null,o.__v):e.__k[a]=o,c=a+f,o.__=e,o.__b=e.__b+1,s=null,(l=o.__i=oe(o,n,c,d))!=-1&&(d--,(s=n[l])&&(s.__u|=2)),s==null||s.__v==null?(l==-1&&(i>u?f--:i<u&&f++),typeof o.type!=`function`&&(o.__u|=4)):l!=c&&(l==c-1?f--:l==c+1?f++:(l>c?f--:f++,o.__u|=4))):e.__k[a]=null;if(d)for(a=0;a<u;a++)(s=n[a])!=null&&!(2&s.__u)&&(s.__e==r&&(r=w(s)),he(s,s));return r}function ae(e,t,n){var r,i;if(typeof e.type==`function`){for(r=e.__k,i=0;r&&i<r.length;i++)r[i]&&(r[i].__=e,t=ae(r[i],t,n));return t}e.__e!=t&&(t&&e.type&&!t.parentNode&&(t=w(e)),t=n.insertBefore(e.__e,t||null));do t&&=t.nextSibling;while(t!=null&&t.nodeType==8);return t}function oe(e,t,n,r){var i,a,o,s=e.key,c=e.type,l=t[n],u=l!=null&&!(2&l.__u);if(l===null&&s==null||u&&s==l.key&&c==l.type)return n;if(r>+!!u){for(i=n-1,a=n+1;i>=0||a<t.length;)if((l=t[o=i>=0?i--:a++])!=null&&!(2&l.__u)&&s==l.key&&c==l.type)return o}return-1}function O(e,t,n){t[0]==`-`?e.setProperty(t,n??``):e[t]=n==null?``:typeof n!=`number`||v.test(t)?n:n+`px`}function se(e,t,n,r,i){var a,o;n:if(t==`style`){if(typeof n==`string`)e.style.cssText=n;else{if(typeof r==`string`&&(e.style.cssText=r=``),r)for(t in r)n&&t in n||O(e.style,t,``);if(n)for(t in n)r&&n[t]==r[t]||O(e.style,t,n[t])}}else if(t[0]==`o`&&t[1]==`n`)a=t!=(t=t.replace(d,`$1`)),o=t.toLowerCase(),t=o in e||t==`onFocusOut`||t==`onFocusIn`?o.slice(2):t.slice(2),e.l||={},e.l[t+a]=n,n?r?n[u]=r[u]:(n[u]=f,e.addEventListener(t,a?m:p,a)):e.removeEventListener(t,a?m:p,a);else{if(i==`http://www.w3.org/2000/svg`)t=t.replace(/xlink(H|:h)/,`h`).replace(/sName$/,`s`);else if(t!=`width`&&t!=`height`&&t!=`href`&&t!=`list`&&t!=`form`&&t!=`tabIndex`&&t!=`download`&&t!=`rowSpan`&&t!=`colSpan`&&t!=`role`&&t!=`popover`&&t in e)try{e[t]=n??``;break n}catch{}typeof n==`function`||(n==null||!1===n&&t[4]!=`-`?e.removeAttribute(t):e.setAttribute(t,t==`popover`&&n==1?``:n))}}function ce(e){return function(n){if(this.l){var r=this.l[n.type+e];if(n[l]==null)n[l]=f++;else if(n[l]<r[u])return;return r(t.event?t.event(n):n)}}}function le(e,n,r,i,a,o,s,c,l,u){var d,f,p,m,h,g,v,x,S,T,ne,E,D,ie,ae,oe,O=n.type;if(n.constructor!==void 0)return null;128&r.__u&&(l=!!(32&r.__u),o=[c=n.__e=r.__e]),(d=t.__b)&&d(n);n:if(typeof O==`function`){f=s.length;try{if(S=n.props,T=O.prototype&&O.prototype.render,ne=(d=O.contextType)&&i[d.__c],E=d?ne?ne.props.value:d.__:i,r.__c?x=(p=n.__c=r.__c).__=p.__E:(T?n.__c=p=new O(S,E):(n.__c=p=new te(S,E),p.constructor=O,p.render=ge),ne&&ne.sub(p),p.state||(p.state={}),p.__n=i,m=p.__d=!0,p.__h=[],p._sb=[]),T&&p.__s==null&&(p.__s=p.state),T&&O.getDerivedStateFromProps!=null&&(p.__s==p.state&&(p.__s=b({},p.__s)),b(p.__s,O.getDerivedStateFromProps(S,p.__s))),h=p.props,g=p.state,p.__v=n,m)T&&O.getDerivedStateFromProps==null&&p.componentWillMount!=null&&p.componentWillMount(),T&&p.componentDidMount!=null&&p.__h.push(p.componentDidMount);else{if(T&&O.getDerivedStateFromProps==null&&S!==h&&p.componentWillReceiveProps!=null&&p.componentWillReceiveProps(S,E),n.__v==r.__v||!p.__e&&p.shouldComponentUpdate!=null&&!1===p.shouldComponentUpdate(S,p.__s,E)){n.__v!=r.__v&&(p.props=S,p.state=p.__s,p.__d=!1),n.__e=r.__e,n.__k=r.__k,n.__k.some(function(e){e&&(e.__=n)}),_.push.apply(p.__h,p._sb),p._sb=[],p.__h.length&&s.push(p),c=w(r);break n}p.componentWillUpdate!=null&&p.componentWillUpdate(S,p.__s,E),T&&p.componentDidUpdate!=null&&p.__h.push(function(){p.componentDidUpdate(h,g,v)})}if(p.context=E,p.props=S,p.__P=e,p.__e=!1,D=t.__r,ie=0,T)p.state=p.__s,p.__d=!1,D&&D(n),d=p.render(p.props,p.state,p.context),_.push.apply(p.__h,p._sb),p._sb=[];else do p.__d=!1,D&&D(n),d=p.render(p.props,p.state,p.context),p.state=p.__s;while(p.__d&&++ie<25);p.state=p.__s,p.getChildContext!=null&&(i=b(b({},i),p.getChildContext())),T&&!m&&p.getSnapshotBeforeUpdate!=null&&(v=p.getSnapshotBeforeUpdate(h,g)),ae=d!=null&&d.type===C&&d.key==null?fe(d.props.children):d,c=re(e,y(ae)?ae:[ae],n,r,i,a,o,s,c,l,u),p.base=n.__e,n.__u&=-161,p.__h.length&&s.push(p),x&&(p.__E=p.__=null)}catch(e){if(s.length=f,n.__v=null,l||o!=null){if(e.then){for(n.__u|=l?160:128;c&&c.nodeType==8&&c.nextSibling;)c=c.nextSibling;o!=null&&(o[o.indexOf(c)]=null),n.__e=c}else if(o!=null)for(oe=o.length;oe--;)ee(o[oe])}else n.__e=r.__e;n.__k??=r.__k||[],e.then||ue(n),t.__e(e,n,r)}}else o==null&&n.__v==r.__v?(n.__k=r.__k,n.__e=r.__e):c=n.__e=pe(r.__e,n,r,i,a,o,s,l,u);return(d=t.diffed)&&d(n),128&n.__u?void 0:c}function ue(e){e&&(e.__c&&(e.__c.__e=!0),e.__k&&e.__k.some(ue))}function de(e,n,r){for(var i=0;i<r.length;i++)me(r[i],r[++i],r[++i]);t.__c&&t.__c(n,e),e.some(function(n){try{e=n.__h,n.__h=[],e.some(function(e){e.call(n)})}catch(e){t.__e(e,n.__v)}})}function fe(e){return typeof e!=`object`||!e||e.__b>0?e:y(e)?e.map(fe):e.constructor===void 0?b({},e):null}function pe(n,r,i,a,o,s,c,l,u){var d,f,p,m,h,_,v,b=i.props||g,x=r.props,S=r.type;if(S==`svg`?o=`http://www.w3.org/2000/svg`:S==`math`?o=`http://www.w3.org/1998/Math/MathML`:o||=`http://www.w3.org/1999/xhtml`,s!=null){for(d=0;d<s.length;d++)if((h=s[d])&&`setAttribute`in h==!!S&&(S?h.localName==S:h.nodeType==3)){n=h,s[d]=null;break}}if(n==null){if(S==null)return document.createTextNode(x);n=document.createElementNS(o,S,x.is&&x),l&&=(t.__m&&t.__m(r,s),!1),s=null}if(S==null)b===x||l&&n.data==x||(n.data=x);else{if(s=S==`textarea`&&x.defaultValue!=null?null:s&&e.call(n.childNodes),!l&&s!=null)for(b={},d=0;d<n.attributes.length;d++)b[(h=n.attributes[d]).name]=h.value;for(d in b)h=b[d],d==`dangerouslySetInnerHTML`?p=h:d==`children`||d in x||d==`value`&&`defaultValue`in x||d==`checked`&&`defaultChecked`in x||se(n,d,null,h,o);for(d in x)h=x[d],d==`children`?m=h:d==`dangerouslySetInnerHTML`?f=h:d==`value`?_=h:d==`checked`?v=h:l&&typeof h!=`function`||b[d]===h||se(n,d,h,b[d],o);if(f)l||p&&(f.__html==p.__html||f.__html==n.innerHTML)||(n.innerHTML=f.__html),r.__k=[];else if(p&&(n.innerHTML=``),re(r.type==`template`?n.content:n,y(m)?m:[m],r,i,a,S==`foreignObject`?`http://www.w3.org/1999/xhtml`:o,s,c,s?s[0]:i.__k&&w(i,0),l,u),s!=null)for(d=s.length;d--;)ee(s[d]);l&&S!=`textarea`||(d=`value`,S==`progress`&&_==null?n.removeAttribute(`value`):_!=null&&(_!==n[d]||S==`progress`&&!_||S==`option`&&_!=b[d])&&se(n,d,_,b[d],o),d=`checked`,v!=null&&v!=n[d]&&se(n,d,v,b[d],o))}return n}function me(e,n,r){try{if(typeof e==`function`){var i=typeof e.__u==`function`;i&&e.__u(),i&&n==null||(e.__u=e(n))}else e.current=n}catch(e){t.__e(e,r)}}function he(e,n,r){var i,a;if(t.unmount&&t.unmount(e),(i=e.ref)&&(i.current&&i.current!=e.__e||me(i,null,n)),(i=e.__c)!=null){if(i.componentWillUnmount)try{i.componentWillUnmount()}catch(e){t.__e(e,n)}i.base=i.__P=i.__n=null}if(i=e.__k)for(a=0;a<i.length;a++)i[a]&&he(i[a],n,r||typeof e.type!=`function`);r||ee(e.__e),e.__c=e.__=e.__e=void 0}function ge(e,t,n){return this.constructor(e,n)}function _e(n,r,i){var a,o,s,c;r==document&&(r=document.documentElement),t.__&&t.__(n,r),o=(a=typeof i==`function`)?null:i&&i.__k||r.__k,s=[],c=[],le(r,n=(!a&&i||r).__k=x(C,null,[n]),o||g,g,r.namespaceURI,!a&&i?[i]:o?null:r.firstChild?e.call(r.childNodes):null,s,!a&&i?i:o?o.__e:r.firstChild,a,c),de(s,n,c),n.props.children=null}function ve(t,n,r){var i,a,o,s,c=b({},t.props);for(o in t.type&&t.type.defaultProps&&(s=t.type.defaultProps),n)o==`key`?i=n[o]:o==`ref`?a=n[o]:c[o]=n[o]===void 0&&s!=null?s[o]:n[o];return arguments.length>2&&(c.children=arguments.length>3?e.call(arguments,2):r),S(t.type,c,i||t.key,a||t.ref,null)}function ye(e){function t(e){var n,r;return this.getChildContext||(n=new Set,(r={})[t.__c]=this,this.getChildContext=function(){return r},this.componentWillUnmount=function(){n=null},this.shouldComponentUpdate=function(e){this.props.value!=e.value&&n.forEach(function(e){e.__e=!0,E(e)})},this.sub=function(e){n.add(e);var t=e.componentWillUnmount;e.componentWillUnmount=function(){n&&n.delete(e),t&&t.call(e)}}),e.children}return t.__c=`__cC`+h++,t.__=e,t.Provider=t.__l=(t.Consumer=function(e,t){return e.children(t)}).contextType=t,t}e=_.slice,t={__e:function(e,t,n,r){for(var i,a,o;t=t.__;)if((i=t.__c)&&!i.__)try{if((a=i.constructor)&&a.getDerivedStateFromError!=null&&(i.setState(a.getDerivedStateFromError(e)),o=i.__d),i.componentDidCatch!=null&&(i.componentDidCatch(e,r||{}),o=i.__d),o)return i.__E=i}catch(t){e=t}throw e}},n=0,r=function(e){return e!=null&&e.constructor===void 0},te.prototype.setState=function(e,t){var n=this.__s!=null&&this.__s!=this.state?this.__s:this.__s=b({},this.state);typeof e==`function`&&(e=e(b({},n),this.props)),e&&b(n,e),e!=null&&this.__v&&(t&&this._sb.push(t),E(this))},te.prototype.forceUpdate=function(e){this.__v&&(this.__e=!0,e&&this.__h.push(e),E(this))},te.prototype.render=C,i=[],o=typeof Promise==`function`?Promise.prototype.then.bind(Promise.resolve()):setTimeout,s=function(e,t){return e.__v.__b-t.__v.__b},D.__r=0,c=Math.random().toString(8),l=`__d`+c,u=`__a`+c,d=/(PointerCapture)$|Capture$/i,f=0,p=ce(!1),m=ce(!0),h=0;function be(e,t){if(e instanceof RegExp)return{keys:!1,pattern:e};var n,r,i,a,o=[],s=``,c=e.split(`/`);for(c[0]||c.shift();i=c.shift();)n=i[0],n===`*`?(o.push(n),s+=i[1]===`?`?`(?:/(.*))?`:`/(.*)`):n===`:`?(r=i.indexOf(`?`,1),a=i.indexOf(`.`,1),o.push(i.substring(1,~r?r:~a?a:i.length)),s+=~r&&!~a?`(?:/([^/]+?))?`:`/([^/]+?)`,~a&&(s+=(~r?`?`:``)+`\\`+i.substring(a))):s+=`/`+i;return{keys:o,pattern:RegExp(`^`+s+(t?`(?=$|/)`:`/?$`),`i`)}}var xe,k,Se,Ce,we=0,Te=[],A=t,Ee=A.__b,De=A.__r,Oe=A.diffed,ke=A.__c,Ae=A.unmount,je=A.__;function Me(e,t){A.__h&&A.__h(k,e,we||t),we=0;var n=k.__H||(k.__H={__:[],__h:[]});return e>=n.__.length&&n.__.push({}),n.__[e]}function j(e){return we=1,Ne(We,e)}function Ne(e,t,n){var r=Me(xe++,2);if(r.t=e,!r.__c&&(r.__=[n?n(t):We(void 0,t),function(e){var t=r.__N?r.__N[0]:r.__[0],n=r.t(t,e);t!==n&&(r.__N=[n,r.__[1]],r.__c.setState({}))}],r.__c=k,!k.__f)){var i=function(e,t,n){if(!r.__c.__H)return!0;var i=!1,o=r.__c.props!==e;if(r.__c.__H.__.some(function(e){if(e.__N){i=!0;var t=e.__[0];e.__=e.__N,e.__N=void 0,t!==e.__[0]&&(o=!0)}}),a){var s=a.call(this,e,t,n);return i?s||o:s}return!i||o};k.__f=!0;var a=k.shouldComponentUpdate,o=k.componentWillUpdate;k.componentWillUpdate=function(e,t,n){if(this.__e){var r=a;a=void 0,i(e,t,n),a=r}o&&o.call(this,e,t,n)},k.shouldComponentUpdate=i}return r.__N||r.__}function M(e,t){var n=Me(xe++,3);!A.__s&&Ue(n.__H,t)&&(n.__=e,n.u=t,k.__H.__h.push(n))}function Pe(e,t){var n=Me(xe++,4);!A.__s&&Ue(n.__H,t)&&(n.__=e,n.u=t,k.__h.push(n))}function N(e){return we=5,Fe(function(){return{current:e}},[])}function Fe(e,t){var n=Me(xe++,7);return Ue(n.__H,t)&&(n.__=e(),n.__H=t,n.__h=e),n.__}function Ie(e,t){return we=8,Fe(function(){return e},t)}function Le(e){var t=k.context[e.__c],n=Me(xe++,9);return n.c=e,t?(n.__??(n.__=!0,t.sub(k)),t.props.value):e.__}function Re(){for(var e;e=Te.shift();){var t=e.__H;if(e.__P&&t)try{t.__h.some(Ve),t.__h.some(He),t.__h=[]}catch(n){t.__h=[],A.__e(n,e.__v)}}}A.__b=function(e){k=null,Ee&&Ee(e)},A.__=function(e,t){e&&t.__k&&t.__k.__m&&(e.__m=t.__k.__m),je&&je(e,t)},A.__r=function(e){De&&De(e),xe=0;var t=(k=e.__c).__H;t&&(Se===k?(t.__h=[],k.__h=[],t.__.some(function(e){e.__N&&(e.__=e.__N),e.u=e.__N=void 0})):(t.__h.some(Ve),t.__h.some(He),t.__h=[],xe=0)),Se=k},A.diffed=function(e){Oe&&Oe(e);var t=e.__c;t&&t.__H&&(t.__H.__h.length&&(Te.push(t)!==1&&Ce===A.requestAnimationFrame||((Ce=A.requestAnimationFrame)||Be)(Re)),t.__H.__.some(function(e){e.u&&=(e.__H=e.u,void 0)})),Se=k=null},A.__c=function(e,t){t.some(function(e){try{e.__h.some(Ve),e.__h=e.__h.filter(function(e){return!e.__||He(e)})}catch(n){t.some(function(e){e.__h&&=[]}),t=[],A.__e(n,e.__v)}}),ke&&ke(e,t)},A.unmount=function(e){Ae&&Ae(e);var t,n=e.__c;n&&n.__H&&(n.__H.__.some(function(e){try{Ve(e)}catch(e){t=e}}),n.__H=void 0,t&&A.__e(t,n.__v))};var ze=typeof requestAnimationFrame==`function`;function Be(e){var t,n=function(){clearTimeout(r),ze&&cancelAnimationFrame(t),setTimeout(e)},r=setTimeout(n,35);ze&&(t=requestAnimationFrame(n))}function Ve(e){var t=k,n=e.__c;typeof n==`function`&&(e.__c=void 0,n()),k=t}function He(e){var t=k;e.__c=e.__(),k=t}function Ue(e,t){return!e||e.length!==t.length||t.some(function(t,n){return t!==e[n]})}function We(e,t){return typeof t==`function`?t(e):t}var Ge=typeof window<`u`&&window.document!==void 0&&window.document.createElement!==void 0;function Ke(e,t){return e===t&&(e!==0||1/e==1/t)||e!==e&&t!==t}function qe(e,t,n){n&&!Ge&&(t=n);let r=t(),[{_instance:i},a]=j({_instance:{_value:r,_getSnapshot:t}});return Pe(()=>{i._value=r,i._getSnapshot=t,Ke(i._value,t())||a({_instance:i})},[e,r,t]),M(()=>(Ke(i._value,i._getSnapshot())||a({_instance:i}),e(()=>{Ke(i._value,i._getSnapshot())||a({_instance:i})})),[e]),r}function Je(e){return t=>e(t)}var Ye=e=>{let t=N([e,(...e)=>t[0](...e)]).current;return Pe(()=>{t[0]=e}),t[1]},Xe=[`popstate`,`pushState`,`replaceState`,`hashchange`],Ze=[],Qe=()=>Ze.forEach(e=>e()),$e=e=>(Ze.push(e)===1&&Xe.forEach(e=>addEventListener(e,Qe)),()=>{Ze=Ze.filter(t=>t!==e),Ze.length||Xe.forEach(e=>removeEventListener(e,Qe))}),et=(e,t)=>qe($e,e,t),tt=()=>location.search,nt=({ssrSearch:e}={})=>et(tt,e==null?tt:()=>e),rt=()=>location.pathname,it=({ssrPath:e}={})=>et(rt,e==null?rt:()=>e),at=(e,{replace:t=!1,state:n=null}={})=>history[t?`replaceState`:`pushState`](n,``,e),ot=e=>[it(e),at],st=Symbol.for(`wouter_v3`);if(typeof history<`u`&&window[st]===void 0){for(let e of[`pushState`,`replaceState`]){let t=history[e];history[e]=function(){let n=t.apply(this,arguments),r=new Event(e);return r.arguments=arguments,dispatchEvent(r),n}}Object.defineProperty(window,st,{value:!0})}var ct=(e=``)=>e===`/`?``:e,lt=(e,t)=>e[0]===`~`?e.slice(1):ct(t)+e,ut=(e,t)=>(e=dt(ct(e)),t=dt(t),!e||(t.toLowerCase()+`/`).startsWith(e.toLowerCase()+`/`)?t.slice(e.length)||`/`:`~`+t),dt=e=>{try{return e.includes(`%`)?decodeURI(e):e}catch{return e}},ft=e=>dt(e[0]===`?`?e.slice(1):e),pt={hook:ot,searchHook:nt,parser:be,base:``,ssrPath:void 0,ssrSearch:void 0,ssrContext:void 0,hrefs:e=>e,aroundNav:(e,t,n)=>e(t,n)},mt=ye(pt),P=()=>Le(mt),ht={},gt=ye(ht),_t=()=>Le(gt),vt=(e,t=e.base)=>ut(t,e.hook(e)[0]),yt=e=>{let[t,n]=e.hook(e);return[ut(e.base,t),Ye((t,r)=>e.aroundNav(n,lt(t,e.base),r))]},bt=()=>yt(P()),xt=()=>{let e=P();return ft(e.searchHook(e))},St=(e,t,n,r)=>{let{pattern:i,keys:a}=t instanceof RegExp?{pattern:t}:e(t||`*`,r),o=i.exec(n);if(!o)return[!1,null];let s={};for(let e=1;e<o.length;e++)s[e-1]=o[e];if(a)for(let e=0;e<a.length;e++)s[a[e]]=o[e+1];else Object.assign(s,o.groups);return r?[!0,s,o[0]]:[!0,s]},Ct=({children:e,...t})=>{let n=P(),r=t.hook?pt:n,i=r;if(t.ssrPath){let[e,n=t.ssrSearch??``]=t.ssrPath.split(`?`);e&&(t.ssrSearch=n,t.ssrPath=e)}t.hrefs=t.hrefs??t.hook?.hrefs,t.searchHook=t.searchHook??t.hook?.searchHook;let a=N(r),o=a.current,s=o;for(let e in r){let n=e===`base`?r[e]+(t[e]??``):t[e]??r[e];n!==s[e]&&(o===s&&(a.current=s={...s}),s[e]=n),(n!==r[e]||n!==i[e])&&(i=s)}return x(mt.Provider,{value:i},e)},wt=({children:e,component:t},n)=>t?x(t,{params:n}):typeof e==`function`?e(n):e,Tt=e=>{let t=N(ht),n=t.current,r=Object.keys(e);return t.current=r.length!==Object.keys(n).length||r.some(t=>e[t]!==n[t])?e:n},F=({path:e,nest:t,match:n,...r})=>{let i=P(),a=vt(i),[o,s,c]=n??St(i.parser,e,a,t),l=Tt({..._t(),...s});if(!o)return null;let u=wt(r,l);return x(gt.Provider,{value:l},c?x(Ct,{base:c},u):u)},I=Je((e,t)=>{let n=P(),[i,a]=yt(n),{to:o=``,href:s=o,onClick:c,asChild:l,children:u,className:d,replace:f,state:p,transition:m,...h}=e;return h.onClick=Ye(t=>{t.ctrlKey||t.metaKey||t.altKey||t.shiftKey||t.button!==0||(c?.(t),t.defaultPrevented||(t.preventDefault(),a(s,e)))}),h.href=n.hrefs(s[0]===`~`?s.slice(1):n.base+s,n),d!==void 0&&(h.className=d?.call?d(i===s):d),t&&(h.ref=t),l&&r(u)?ve(u,h):x(`a`,h,u)}),Et=(e,t=[])=>{if(Array.isArray(e))for(let n of e)Et(n&&n.type===C?n.props.children:n,t);else t.push(e);return t},Dt=({children:e,location:t})=>{let n=P(),i=vt(n);for(let a of Et(e)){let e=0;if(r(a)&&(e=St(n.parser,a.props.path,t||i,a.props.nest))[0])return ve(a,{match:e})}return null},Ot=e=>{let{to:t,href:n=t}=e,r=P(),[,i]=yt(r),a=Ye(()=>i(t||n,e)),{ssrContext:o}=r;return Pe(()=>{a()},[]),o&&(o.redirectTo=t),null},kt=class extends Error{name=`GraphsvcError`;code;suggestion;status;retryAfterS;errors;constructor(e,t,n={}){super(e,n.cause===void 0?void 0:{cause:n.cause}),this.code=t,this.suggestion=n.suggestion??null,this.status=n.status??0,this.retryAfterS=n.retryAfterS??null,this.errors=n.errors??[]}},At=class{endpoint;#e;#t;#n;constructor(e){this.endpoint=`${e.url.replace(/\/+$/,``)}/graphql`,this.#e=e.apiKey??null,this.#t=e.headers??{},this.#n=e.fetch??globalThis.fetch.bind(globalThis)}async request(e,t,n={}){let r;try{r=await this.#n(this.endpoint,{method:`POST`,headers:{...this.#r(),...n.headers},body:JSON.stringify({query:String(e),variables:t??{}}),signal:n.signal})}catch(e){throw new kt(`graphsvc at ${this.endpoint} did not answer (${String(e)})`,`UNREACHABLE`,{suggestion:`check the URL and that the service runs (scripts/serve)`,cause:e})}let i;try{i=await r.json()}catch(e){throw new kt(`HTTP ${r.status} without a GraphQL answer`,`HTTP_${r.status}`,{status:r.status,cause:e})}if(i.errors&&i.errors.length>0)throw jt(i.errors,r);if(i.data===void 0||i.data===null)throw new kt(`HTTP ${r.status} without data`,`HTTP_${r.status}`,{status:r.status});return i.data}#r(){let e={"content-type":`application/json`,accept:`application/json`,...this.#t},t=typeof this.#e==`function`?this.#e():this.#e;return t&&(e.authorization=`Bearer ${t}`),e}};function jt(e,t){let[n]=e,r=n.extensions??{},i=t.headers.get(`retry-after`),a=i!==null&&/^\d+$/.test(i)?Number(i):typeof r.retryAfter==`number`?r.retryAfter:null;return new kt(n.message,r.code??`HTTP_${t.status}`,{status:t.status,suggestion:r.suggestion??null,retryAfterS:a,errors:e})}var Mt=`graphsvc.key`,Nt={prompt:!1,reason:null,epoch:0},Pt=new Set;function Ft(e){Nt=e;for(let e of Pt)e(Nt)}function It(){try{return sessionStorage.getItem(Mt)}catch{return null}}function Lt(e){sessionStorage.setItem(Mt,e.trim()),Ft({prompt:!1,reason:null,epoch:Nt.epoch+1})}function Rt(e){let t=It()!==null;try{sessionStorage.removeItem(Mt)}catch{}(!Nt.prompt||t)&&Ft({prompt:!0,reason:t?e:null,epoch:Nt.epoch+1})}function zt(){let[e,t]=j(Nt);return M(()=>(Pt.add(t),t(Nt),()=>{Pt.delete(t)}),[]),e}var Bt=new At({url:``,apiKey:It});async function L(e,t){try{return await Bt.request(e,t)}catch(e){throw e instanceof kt&&e.status===401&&Rt(`The key was not accepted: ${e.message}`),e}}function Vt(e){return e instanceof kt?e:new kt(String(e),`ERROR`)}function R(e,t,n,r=!1){let[i,a]=j(null),[o,s]=j(null),[c,l]=j(!r),[u,d]=j(0),f=N(0),p=N(t);return p.current=t,M(()=>{if(r){l(!1);return}let t=++f.current;l(!0),s(null),L(e,p.current).then(e=>{t===f.current&&(a(e),l(!1))},e=>{t===f.current&&(s(Vt(e)),l(!1))})},[e,n,u,r]),{data:i,error:o,loading:c,reload:Ie(()=>d(e=>e+1),[])}}function z(e,t,n){let[r,i]=j(0);M(()=>i(0),[n]);let a=Math.max(1,Math.ceil(e.length/t)),o=Math.min(r,a-1);return{page:e.slice(o*t,(o+1)*t),index:o,pages:a,go:i}}var B=class extends String{__apiType;value;__meta__;constructor(e,t){super(e),this.value=e,this.__meta__=t}toString(){return this.value}};new B(`
    fragment KeyCountRow on KeyCount {
  key
  count
}
    `,{fragmentName:`KeyCountRow`}),new B(`
    fragment Counts on UserCounts {
  events
  sessions
  openSessions
  firstMessageAt
  lastMessageAt
  memories
  memoriesByType {
    ...KeyCountRow
  }
  memoriesByStatus {
    ...KeyCountRow
  }
  entities
  aliases
  impressions
  features
  relations
  traits
  traitsByStage {
    ...KeyCountRow
  }
  pendingObservations
  jobsByStatus {
    ...KeyCountRow
  }
  llmCalls
  tokensIn
  tokensOut
  reflectionCycles
  lastReflectionAt
}
    fragment KeyCountRow on KeyCount {
  key
  count
}`,{fragmentName:`Counts`}),new B(`
    fragment MemoryRow on Memory {
  id
  type
  content
  confidence
  importance
  reinforcementCount
  createdAt
  lastReinforcedAt
  occurredAt
  sourceMessageIds
  status
  validFrom
  validTo
  slot
  origin
  supersededBy
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
}
    `,{fragmentName:`MemoryRow`}),new B(`
    fragment TraitEvidence on Evidence {
  id
  grade
  kind
  createdAt
  inheritedFrom
  resolvedAt
  memory {
    id
    content
    memoryType
    sourceMessageIds
  }
}
    `,{fragmentName:`TraitEvidence`}),new B(`
    fragment TraitPoint on TraitHistoryPoint {
  at
  stage
  confidence
  event
}
    `,{fragmentName:`TraitPoint`}),new B(`
    fragment TraitCard on Trait {
  id
  content
  stage
  subtype
  confidence
  context
  windowEnd
  firstObserved
  lastReinforced
  reinforcementCount
  contradictionCount
  about
  reasoning
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
  evidence {
    ...TraitEvidence
  }
  parents {
    id
    content
  }
  children {
    id
    content
  }
  history {
    ...TraitPoint
  }
}
    fragment TraitEvidence on Evidence {
  id
  grade
  kind
  createdAt
  inheritedFrom
  resolvedAt
  memory {
    id
    content
    memoryType
    sourceMessageIds
  }
}
fragment TraitPoint on TraitHistoryPoint {
  at
  stage
  confidence
  event
}`,{fragmentName:`TraitCard`}),new B(`
    fragment EntityRef on Entity {
  id
  subject
  kind
}
    `,{fragmentName:`EntityRef`}),new B(`
    fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}`,{fragmentName:`RelationRow`}),new B(`
    fragment EntityDetail on Entity {
  ...EntityRef
  kindRule
  createdAt
  updatedAt
  aliases {
    id
    name
  }
  impressions {
    id
    content
    confidence
    createdAt
    evidence {
      id
      eventId
      grade
      messageId
      speaker
      content
      occurredAt
    }
  }
  features {
    id
    key
    value
    confidence
    observedAt
  }
  relations {
    ...RelationRow
  }
  documentMentions {
    documentId
    title
    name
    mentions
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}`,{fragmentName:`EntityDetail`}),new B(`
    fragment GraphEntity on Entity {
  ...EntityRef
  relations {
    ...RelationRow
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}`,{fragmentName:`GraphEntity`}),new B(`
    fragment EntityListItem on Entity {
  ...EntityRef
  aliases {
    name
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}`,{fragmentName:`EntityListItem`}),new B(`
    fragment PendingCard on PendingObservation {
  id
  subject
  aliases
  kind
  reason
  detail
  status
  confidence
  impressions
  features
  relations
  evidenceSnippets
  eventIds
  createdAt
  resolvedAt
  resolvedEntityId
  candidates {
    ...EntityListItem
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment EntityListItem on Entity {
  ...EntityRef
  aliases {
    name
  }
}`,{fragmentName:`PendingCard`}),new B(`
    fragment JobRow on Job {
  id
  kind
  status
  error
  sessionId
  attempts
  createdAt
  updatedAt
  llmCalls
  tokensIn
  tokensOut
  memoriesCreated
  memoriesReinforced
}
    `,{fragmentName:`JobRow`}),new B(`
    fragment CycleRow on ReflectionCycle {
  id
  status
  trigger
  mode
  error
  memoriesScanned
  traitsCreated
  traitsReinforced
  traitsDissolved
  llmCalls
  tokensIn
  tokensOut
  startedAt
  durationMs
  notes
}
    `,{fragmentName:`CycleRow`}),new B(`
    fragment Explanation on RecallExplanation {
  channels {
    channel
    rank
    contribution
  }
  fusion
  fusedScore
  adjustments {
    rule
    scoreBefore
    scoreAfter
    factor
    term
    relativeTo
    detail
  }
  finalScore
}
    `,{fragmentName:`Explanation`}),new B(`
    fragment Hit on RecallHit {
  id
  kind
  content
  score
  occurredAt
  sourceMessageIds
  memoryType
  entity
  explanation {
    ...Explanation
  }
}
    fragment Explanation on RecallExplanation {
  channels {
    channel
    rank
    contribution
  }
  fusion
  fusedScore
  adjustments {
    rule
    scoreBefore
    scoreAfter
    factor
    term
    relativeTo
    detail
  }
  finalScore
}`,{fragmentName:`Hit`}),new B(`
    fragment Growth on GrowthDay {
  day
  events
  memories
  candidates
  documents
}
    `,{fragmentName:`Growth`}),new B(`
    fragment TimelineRow on TimelineEntry {
  kind
  id
  at
  content
  title
  sourceType
  sourceId
  sessionId
  memoryType
  status
  speaker
  role
}
    `,{fragmentName:`TimelineRow`}),new B(`
    fragment CandidateCard on MemoryCandidate {
  id
  memoryType
  content
  status
  importance
  confidence
  days
  sources
  eventIds
  sourceTypes
  createdAt
  expiresAt
  decidedAt
  promotionReason
  memoryId
  origin
}
    `,{fragmentName:`CandidateCard`}),new B(`
    fragment DocumentSummary on Document {
  id
  sourceId
  filename
  format
  title
  version
  pages
  byteSize
  chunkCount
  history
  tags
  createdAt
  updatedAt
  indexedAt
}
    `,{fragmentName:`DocumentSummary`}),new B(`
    fragment DocumentEntityRow on DocumentEntity {
  id
  name
  kind
  mentions
  entityIds
}
    `,{fragmentName:`DocumentEntityRow`}),new B(`
    fragment Chunk on DocumentChunk {
  id
  kind
  headingPath
  level
  position
  content
  tokens
  parentId
}
    `,{fragmentName:`Chunk`}),new B(`
    fragment BeliefChangeRow on BeliefChange {
  id
  at
  happenedAt
  kind
  targetId
  change
  actor
  recordedActor
  oldValue
  newValue
  reason
  stage
  evidenceIds
  scrubbed
}
    `,{fragmentName:`BeliefChangeRow`}),new B(`
    fragment TraceDecisionRow on TraceDecisionView {
  outcome
  sentence
  piece
  ruleId
  shapedBy
  memoryId
  candidateId
  supersededIds
  supersededById
  explanation
  rule {
    id
    description
  }
}
    `,{fragmentName:`TraceDecisionRow`}),new B(`
    fragment TraceRow on ExtractionTrace {
  id
  sessionId
  messageId
  role
  occurredAt
  recordedAt
  extractor
  llmProvider
  llmModel
  fallbackReason
  fromPerson
  refusedBy
  decisions {
    ...TraceDecisionRow
  }
}
    fragment TraceDecisionRow on TraceDecisionView {
  outcome
  sentence
  piece
  ruleId
  shapedBy
  memoryId
  candidateId
  supersededIds
  supersededById
  explanation
  rule {
    id
    description
  }
}`,{fragmentName:`TraceRow`}),new B(`
    fragment ProvenanceStep on ExtractionTrace {
  id
  sessionId
  messageId
  role
  occurredAt
  recordedAt
  jobId
  extractor
  llmProvider
  llmModel
  decisions {
    outcome
    sentence
    piece
    ruleId
  }
}
    `,{fragmentName:`ProvenanceStep`}),new B(`
    fragment ObservedMessage on Message {
  id
  messageId
  sessionId
  sourceType
  role
  speaker
  title
  content
  occurredAt
}
    `,{fragmentName:`ObservedMessage`});var Ht=new B(`
    query Messages($userId: String!, $messageIds: [String!], $eventIds: [ID!]) {
  messages(userId: $userId, messageIds: $messageIds, eventIds: $eventIds) {
    id
    messageId
    sessionId
    sourceType
    role
    speaker
    title
    content
    occurredAt
  }
}
    `),Ut=new B(`
    query Viewer {
  viewer {
    authRequired
    principal
    admin
    userIds
  }
}
    `),Wt=new B(`
    query Users($prefix: String, $after: String) {
  users(prefix: $prefix, limit: 25, after: $after) {
    nodes {
      userId
      sessions
      lastMessageAt
    }
    endCursor
    hasNextPage
  }
}
    `),Gt=new B(`
    query Memories($userId: String!, $type: MemoryType, $after: String, $status: [MemoryStatus!]) {
  memories(
    userId: $userId
    type: $type
    limit: 20
    after: $after
    status: $status
  ) {
    items {
      ...MemoryRow
    }
    nextCursor
  }
}
    fragment MemoryRow on Memory {
  id
  type
  content
  confidence
  importance
  reinforcementCount
  createdAt
  lastReinforcedAt
  occurredAt
  sourceMessageIds
  status
  validFrom
  validTo
  slot
  origin
  supersededBy
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
}`),Kt=new B(`
    mutation CorrectMemory($userId: String!, $memoryId: ID!, $content: String!) {
  correctMemory(userId: $userId, memoryId: $memoryId, content: $content) {
    ...MemoryRow
  }
}
    fragment MemoryRow on Memory {
  id
  type
  content
  confidence
  importance
  reinforcementCount
  createdAt
  lastReinforcedAt
  occurredAt
  sourceMessageIds
  status
  validFrom
  validTo
  slot
  origin
  supersededBy
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
}`),qt=new B(`
    mutation ArchiveMemory($userId: String!, $memoryId: ID!) {
  archiveMemory(userId: $userId, memoryId: $memoryId) {
    id
    status
  }
}
    `),Jt=new B(`
    mutation RestoreMemory($userId: String!, $memoryId: ID!) {
  restoreMemory(userId: $userId, memoryId: $memoryId) {
    id
    status
  }
}
    `),Yt=new B(`
    mutation ForgetMemory($userId: String!, $memoryId: ID!, $reason: String) {
  forgetMemory(userId: $userId, memoryId: $memoryId, reason: $reason) {
    memoriesForgotten
    evidence
    traitsRescored
  }
}
    `),Xt=new B(`
    query MemoryHistory($userId: String!, $memoryId: ID!) {
  memoryHistory(userId: $userId, memoryId: $memoryId) {
    id
    event
    actor
    createdAt
    oldValue
    newValue
    reason
    scrubbed
  }
}
    `),Zt=new B(`
    query Traits($userId: String!, $minStage: TraitStage) {
  userTraits(userId: $userId, minStage: $minStage) {
    ...TraitCard
  }
}
    fragment TraitEvidence on Evidence {
  id
  grade
  kind
  createdAt
  inheritedFrom
  resolvedAt
  memory {
    id
    content
    memoryType
    sourceMessageIds
  }
}
fragment TraitPoint on TraitHistoryPoint {
  at
  stage
  confidence
  event
}
fragment TraitCard on Trait {
  id
  content
  stage
  subtype
  confidence
  context
  windowEnd
  firstObserved
  lastReinforced
  reinforcementCount
  contradictionCount
  about
  reasoning
  ruleId
  rule {
    id
    description
    measuredPrecision
    judged
  }
  evidence {
    ...TraitEvidence
  }
  parents {
    id
    content
  }
  children {
    id
    content
  }
  history {
    ...TraitPoint
  }
}`),Qt=new B(`
    query Entities($userId: String!, $search: String, $after: String) {
  entities(userId: $userId, search: $search, limit: 20, after: $after) {
    nodes {
      ...EntityListItem
    }
    endCursor
    hasNextPage
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment EntityListItem on Entity {
  ...EntityRef
  aliases {
    name
  }
}`),$t=new B(`
    query Entity($userId: String!, $name: String!) {
  entity(userId: $userId, subjectOrAlias: $name) {
    ...EntityDetail
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}
fragment EntityDetail on Entity {
  ...EntityRef
  kindRule
  createdAt
  updatedAt
  aliases {
    id
    name
  }
  impressions {
    id
    content
    confidence
    createdAt
    evidence {
      id
      eventId
      grade
      messageId
      speaker
      content
      occurredAt
    }
  }
  features {
    id
    key
    value
    confidence
    observedAt
  }
  relations {
    ...RelationRow
  }
  documentMentions {
    documentId
    title
    name
    mentions
  }
}`),en=new B(`
    query EntityGraph($userId: String!, $after: String) {
  entities(userId: $userId, limit: 100, after: $after) {
    nodes {
      ...GraphEntity
    }
    endCursor
    hasNextPage
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}
fragment GraphEntity on Entity {
  ...EntityRef
  relations {
    ...RelationRow
  }
}`),tn=new B(`
    query Pending($userId: String!, $status: PendingStatus) {
  pendingObservations(userId: $userId, status: $status, limit: 500) {
    ...PendingCard
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment EntityListItem on Entity {
  ...EntityRef
  aliases {
    name
  }
}
fragment PendingCard on PendingObservation {
  id
  subject
  aliases
  kind
  reason
  detail
  status
  confidence
  impressions
  features
  relations
  evidenceSnippets
  eventIds
  createdAt
  resolvedAt
  resolvedEntityId
  candidates {
    ...EntityListItem
  }
}`),nn=new B(`
    mutation Resolve($userId: String!, $id: ID!, $entityId: ID, $createNew: Boolean!) {
  resolvePendingObservation(
    userId: $userId
    id: $id
    entityId: $entityId
    createNew: $createNew
  ) {
    pendingObservation {
      id
      status
      resolvedEntityId
    }
    entity {
      id
      subject
    }
  }
}
    `),rn=new B(`
    query Jobs($userId: String!, $status: JobStatus) {
  jobs(userId: $userId, status: $status, limit: 500) {
    ...JobRow
  }
}
    fragment JobRow on Job {
  id
  kind
  status
  error
  sessionId
  attempts
  createdAt
  updatedAt
  llmCalls
  tokensIn
  tokensOut
  memoriesCreated
  memoriesReinforced
}`),an=new B(`
    query Cycles($userId: String!) {
  reflectionCycles(userId: $userId, limit: 100) {
    ...CycleRow
  }
}
    fragment CycleRow on ReflectionCycle {
  id
  status
  trigger
  mode
  error
  memoriesScanned
  traitsCreated
  traitsReinforced
  traitsDissolved
  llmCalls
  tokensIn
  tokensOut
  startedAt
  durationMs
  notes
}`),on=new B(`
    query Recall($userId: String!, $query: String!, $limit: Int!, $explain: Boolean!) {
  recall(userId: $userId, query: $query, limit: $limit, explain: $explain) {
    ...Hit
  }
}
    fragment Explanation on RecallExplanation {
  channels {
    channel
    rank
    contribution
  }
  fusion
  fusedScore
  adjustments {
    rule
    scoreBefore
    scoreAfter
    factor
    term
    relativeTo
    detail
  }
  finalScore
}
fragment Hit on RecallHit {
  id
  kind
  content
  score
  occurredAt
  sourceMessageIds
  memoryType
  entity
  explanation {
    ...Explanation
  }
}`),sn=new B(`
    query Context($userId: String!, $query: String!, $maxTokens: Int!, $explain: Boolean!) {
  memoryContext(
    userId: $userId
    query: $query
    maxTokens: $maxTokens
    explain: $explain
  ) {
    text
    tokens
    lines {
      section
      id
      kind
      text
      included
      reason
      rank
    }
  }
}
    `),cn=new B(`
    query UserStats($userId: String!) {
  userStats(userId: $userId) {
    counts {
      ...Counts
    }
    eventsBySource {
      ...KeyCountRow
    }
    candidatesByStatus {
      ...KeyCountRow
    }
    documents
    passages
    tags
    learningRuns
    lastLearningAt
    growth(by: HAPPENED) {
      ...Growth
    }
  }
}
    fragment KeyCountRow on KeyCount {
  key
  count
}
fragment Counts on UserCounts {
  events
  sessions
  openSessions
  firstMessageAt
  lastMessageAt
  memories
  memoriesByType {
    ...KeyCountRow
  }
  memoriesByStatus {
    ...KeyCountRow
  }
  entities
  aliases
  impressions
  features
  relations
  traits
  traitsByStage {
    ...KeyCountRow
  }
  pendingObservations
  jobsByStatus {
    ...KeyCountRow
  }
  llmCalls
  tokensIn
  tokensOut
  reflectionCycles
  lastReflectionAt
}
fragment Growth on GrowthDay {
  day
  events
  memories
  candidates
  documents
}`),ln=new B(`
    query Timeline($userId: String!, $from: DateTime, $to: DateTime, $sourceTypes: [SourceType!], $kinds: [TimelineKind!], $after: String) {
  timeline(
    userId: $userId
    from: $from
    to: $to
    sourceTypes: $sourceTypes
    kinds: $kinds
    limit: 30
    after: $after
  ) {
    nodes {
      ...TimelineRow
    }
    endCursor
    hasNextPage
  }
}
    fragment TimelineRow on TimelineEntry {
  kind
  id
  at
  content
  title
  sourceType
  sourceId
  sessionId
  memoryType
  status
  speaker
  role
}`),un=new B(`
    query Candidates($userId: String!, $status: CandidateStatus) {
  candidates(userId: $userId, status: $status, limit: 200) {
    ...CandidateCard
  }
}
    fragment CandidateCard on MemoryCandidate {
  id
  memoryType
  content
  status
  importance
  confidence
  days
  sources
  eventIds
  sourceTypes
  createdAt
  expiresAt
  decidedAt
  promotionReason
  memoryId
  origin
}`),dn=new B(`
    mutation PromoteCandidate($userId: String!, $id: ID!) {
  promoteCandidate(userId: $userId, id: $id) {
    ...CandidateCard
  }
}
    fragment CandidateCard on MemoryCandidate {
  id
  memoryType
  content
  status
  importance
  confidence
  days
  sources
  eventIds
  sourceTypes
  createdAt
  expiresAt
  decidedAt
  promotionReason
  memoryId
  origin
}`),fn=new B(`
    mutation RejectCandidate($userId: String!, $id: ID!) {
  rejectCandidate(userId: $userId, id: $id) {
    ...CandidateCard
  }
}
    fragment CandidateCard on MemoryCandidate {
  id
  memoryType
  content
  status
  importance
  confidence
  days
  sources
  eventIds
  sourceTypes
  createdAt
  expiresAt
  decidedAt
  promotionReason
  memoryId
  origin
}`),pn=new B(`
    query Documents($userId: String!) {
  documents(userId: $userId, limit: 200) {
    ...DocumentSummary
  }
}
    fragment DocumentSummary on Document {
  id
  sourceId
  filename
  format
  title
  version
  pages
  byteSize
  chunkCount
  history
  tags
  createdAt
  updatedAt
  indexedAt
}`),mn=new B(`
    query Document($userId: String!, $id: ID!) {
  document(userId: $userId, id: $id) {
    ...DocumentSummary
    chunks {
      ...Chunk
    }
    entities {
      ...DocumentEntityRow
    }
  }
}
    fragment DocumentSummary on Document {
  id
  sourceId
  filename
  format
  title
  version
  pages
  byteSize
  chunkCount
  history
  tags
  createdAt
  updatedAt
  indexedAt
}
fragment DocumentEntityRow on DocumentEntity {
  id
  name
  kind
  mentions
  entityIds
}
fragment Chunk on DocumentChunk {
  id
  kind
  headingPath
  level
  position
  content
  tokens
  parentId
}`),hn=new B(`
    query BeliefChanges($userId: String!, $from: DateTime, $to: DateTime, $after: String, $by: BeliefTime!) {
  beliefChanges(
    userId: $userId
    from: $from
    to: $to
    limit: 25
    after: $after
    by: $by
  ) {
    nodes {
      ...BeliefChangeRow
    }
    endCursor
    hasNextPage
  }
}
    fragment BeliefChangeRow on BeliefChange {
  id
  at
  happenedAt
  kind
  targetId
  change
  actor
  recordedActor
  oldValue
  newValue
  reason
  stage
  evidenceIds
  scrubbed
}`),gn=new B(`
    query ExtractionTrace($userId: String!, $sessionId: String!, $messageId: String) {
  extractionTrace(userId: $userId, sessionId: $sessionId, messageId: $messageId) {
    ...TraceRow
  }
}
    fragment TraceDecisionRow on TraceDecisionView {
  outcome
  sentence
  piece
  ruleId
  shapedBy
  memoryId
  candidateId
  supersededIds
  supersededById
  explanation
  rule {
    id
    description
  }
}
fragment TraceRow on ExtractionTrace {
  id
  sessionId
  messageId
  role
  occurredAt
  recordedAt
  extractor
  llmProvider
  llmModel
  fallbackReason
  fromPerson
  refusedBy
  decisions {
    ...TraceDecisionRow
  }
}`),_n=new B(`
    query MemoryProvenance($userId: String!, $memoryId: ID!) {
  memoryProvenance(userId: $userId, memoryId: $memoryId) {
    madeBy
    memory {
      id
      content
      type
      status
      origin
      createdAt
    }
    rule {
      id
      description
      measuredPrecision
      judged
    }
    steps {
      ...ProvenanceStep
    }
    traits {
      traitId
      content
      stage
      supports
    }
  }
}
    fragment ProvenanceStep on ExtractionTrace {
  id
  sessionId
  messageId
  role
  occurredAt
  recordedAt
  jobId
  extractor
  llmProvider
  llmModel
  decisions {
    outcome
    sentence
    piece
    ruleId
  }
}`),vn=new B(`
    query EntityProvenance($userId: String!, $entityId: ID!) {
  entityProvenance(userId: $userId, entityId: $entityId, limit: 20) {
    kindDecidedBy
    kindRule {
      id
      description
      measuredPrecision
      judged
    }
    observed
    messages {
      ...ObservedMessage
    }
    relations {
      relation {
        ...RelationRow
      }
      statedBy
      rule {
        id
        description
        measuredPrecision
        judged
      }
      observed
      messages {
        ...ObservedMessage
      }
    }
  }
}
    fragment EntityRef on Entity {
  id
  subject
  kind
}
fragment RelationRow on Relation {
  relation
  strength
  direction
  ruleId
  other {
    ...EntityRef
  }
}
fragment ObservedMessage on Message {
  id
  messageId
  sessionId
  sourceType
  role
  speaker
  title
  content
  occurredAt
}`),yn=new B(`
    query GroupMembers($groupId: ID!) {
  group(groupId: $groupId) {
    id
    name
    members
  }
}
    `),bn=new B(`
    query MemberOf($userId: String!) {
  groups(userId: $userId) {
    id
    name
    members
  }
}
    `),xn=[`FACT`,`PREFERENCE`,`GOAL`,`PAIN_POINT`,`EVENT`],Sn=[`ACTIVE`,`SUPERSEDED`,`ARCHIVED`,`FORGOTTEN`],Cn=[`TREND`,`CANDIDATE`,`EMERGING`,`ESTABLISHED`,`CORE`],wn=[`PENDING`,`RUNNING`,`SUCCEEDED`,`FAILED`],Tn=[`CONVERSATION`,`DOCUMENT`,`TODO`,`TASK`,`FORUM_POST`,`NOTE`,`CALENDAR`],En=[`HAPPENED`,`RECORDED`],Dn=[`EVENT`,`MEMORY`,`CANDIDATE`],On=new Intl.DateTimeFormat(void 0,{dateStyle:`medium`,timeStyle:`short`,timeZone:`UTC`});function V(e){if(!e)return`–`;let t=new Date(e);return Number.isNaN(t.getTime())?e:`${On.format(t)} UTC`}function kn(e){return e==null?`–`:`${Math.round(e*100)} %`}function H(e){return e.toLocaleString()}var An=/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/;function jn(e){return e&&An.test(e)?`zh`:void 0}function U(e){return e.toLowerCase().replace(/_/g,` `)}function Mn(e){if(e===void 0)return``;try{return decodeURIComponent(e)}catch{return e}}function W(e){return encodeURIComponent(e)}var Nn=0;Array.isArray;function G(e,n,r,i,a,o){n||={};var s,c,l=n;if(`ref`in l)for(c in l={},n)c==`ref`?s=n[c]:l[c]=n[c];var u={type:e,props:l,key:r,ref:s,__k:null,__:null,__b:0,__e:null,__c:null,constructor:void 0,__v:--Nn,__i:-1,__u:0,__source:a,__self:o};if(typeof e==`function`&&(s=e.defaultProps))for(c in s)l[c]===void 0&&(l[c]=s[c]);return t.vnode&&t.vnode(u),u}function K({children:e,as:t=`span`}){return G(t,{lang:jn(e),children:e})}function q({value:e,tone:t}){return G(`span`,{class:`badge badge-${t??e.toLowerCase()}`,children:U(e)})}function Pn({value:e,name:t}){if(e===null)return G(`span`,{class:`muted`,children:[t,`: –`]});let n=Math.round(e*100);return G(`span`,{class:`meter`,title:`${t} ${e.toFixed(3)}`,children:[G(`span`,{class:`meter-label`,children:t}),G(`span`,{class:`meter-bar`,role:`meter`,"aria-label":t,"aria-valuemin":0,"aria-valuemax":100,"aria-valuenow":n,children:G(`span`,{style:{width:`${n}%`}})}),G(`span`,{class:`meter-value`,children:[n,` %`]})]})}function J({what:e}){return G(`p`,{class:`loading`,role:`status`,children:[`Loading `,e,`…`]})}function Y({error:e,retry:t}){return G(`div`,{class:`error`,role:`alert`,children:[G(`strong`,{children:e.code}),`: `,e.message,e.suggestion&&G(`p`,{children:e.suggestion}),t&&G(`button`,{type:`button`,onClick:t,children:`Try again`})]})}function X({title:e,children:t}){return G(`div`,{class:`empty`,role:`note`,children:[G(`h3`,{children:e}),G(`div`,{children:t})]})}function Fn({index:e,pages:t,go:n,noun:r}){return t<=1?null:G(`nav`,{class:`pager`,"aria-label":`${r} pages`,children:[G(`button`,{type:`button`,disabled:e===0,onClick:()=>n(e-1),children:`← Previous`}),G(`span`,{children:[`Page `,e+1,` of `,t]}),G(`button`,{type:`button`,disabled:e>=t-1,onClick:()=>n(e+1),children:`Next →`})]})}function In({cursors:e,next:t,setCursors:n,noun:r}){return e.length<=1&&!t?null:G(`nav`,{class:`pager`,"aria-label":`${r} pages`,children:[G(`button`,{type:`button`,disabled:e.length<=1,onClick:()=>n(e.slice(0,-1)),children:`← Previous`}),G(`span`,{children:[`Page `,e.length]}),G(`button`,{type:`button`,disabled:!t,onClick:()=>t&&n([...e,t]),children:`Next →`})]})}function Ln(){let[,e]=bt(),[t,n]=j(``),[r,i]=j(``),[a,o]=j([null]),s=a[a.length-1],{data:c,error:l,loading:u,reload:d}=R(Wt,{prefix:r||null,after:s},`${r}|${s}`);return document.title=`Users · graphsvc`,G(`main`,{id:`main`,class:`page`,children:[G(`h1`,{children:`What graphsvc knows about a user`}),G(`p`,{class:`lead`,children:`Memories with their source messages, traits with their evidence, entities and how they relate, what waits for a decision, and what the background jobs did.`}),G(`form`,{class:`open-user`,onSubmit:n=>{n.preventDefault(),t.trim()&&e(`/users/${W(t.trim())}`)},children:[G(`label`,{for:`user-id`,children:`User id`}),G(`input`,{id:`user-id`,value:t,onInput:e=>n(e.currentTarget.value),placeholder:`e.g. ana`}),G(`button`,{type:`submit`,children:`Open`})]}),G(`section`,{"aria-labelledby":`users-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`users-title`,children:`Users with conversations`}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Filter by id prefix`}),G(`input`,{type:`search`,value:r,onInput:e=>{i(e.currentTarget.value),o([null])}})]})]}),u&&!c&&G(J,{what:`users`}),l&&G(Y,{error:l,retry:d}),c&&c.users.nodes.length===0&&G(X,{title:r?`No user id starts with that`:`No user yet`,children:G(`p`,{children:[`Send a conversation with `,G(`code`,{children:`ingestMessages`}),`, then `,G(`code`,{children:`endConversation`}),` to extract its memories: try it in `,G(`a`,{href:`/graphql`,children:`GraphiQL`}),` (the first saved tab), or import a file with`,` `,G(`code`,{children:`graphsvc import FILE.jsonl`}),`.`]})}),c&&c.users.nodes.length>0&&G(`ul`,{class:`cards users`,children:c.users.nodes.map(e=>G(`li`,{class:`card`,children:[G(I,{href:`/users/${W(e.userId)}`,class:`card-title`,children:G(`span`,{lang:jn(e.userId),children:e.userId})}),G(`div`,{class:`muted`,children:[e.sessions,` conversation`,e.sessions===1?``:`s`,` · last message `,V(e.lastMessageAt)]})]},e.userId))}),c&&G(In,{cursors:a,next:c.users.hasNextPage?c.users.endCursor:null,setCursors:o,noun:`Users`})]})]})}var Rn=[{key:`events`,name:`events`},{key:`memories`,name:`memories`},{key:`candidates`,name:`candidates`},{key:`documents`,name:`documents`}];function zn({days:e}){let t=e=>e.events+e.memories+e.candidates+e.documents,n=Math.max(1,...e.map(t)),r=600/Math.max(1,e.length),i=e.filter(e=>t(e)>0);return G(`figure`,{class:`growth`,children:[G(`svg`,{viewBox:`0 0 600 120`,role:`img`,"aria-label":`Growth over ${e.length} days: ${i.length} days with something new`,preserveAspectRatio:`none`,children:e.map((e,t)=>{let i=120;return G(`g`,{children:[G(`title`,{children:`${e.day}: ${Rn.map(t=>`${e[t.key]} ${t.name}`).join(`, `)}`}),Rn.map(a=>{let o=e[a.key]/n*116;return i-=o,o>0?G(`rect`,{class:`growth-${a.key}`,x:t*r+1,y:i,width:Math.max(1,r-2),height:o},a.key):null})]},e.day)})}),G(`figcaption`,{children:Rn.map(e=>G(`span`,{class:`legend-item`,children:[G(`span`,{class:`swatch growth-${e.key}`}),` `,e.name]},e.key))}),G(`details`,{children:[G(`summary`,{children:[`Days with something new (`,i.length,`)`]}),G(`div`,{class:`table-wrap`,children:G(`table`,{children:[G(`thead`,{children:G(`tr`,{children:[G(`th`,{scope:`col`,children:`day`}),Rn.map(e=>G(`th`,{scope:`col`,children:e.name},e.key))]})}),G(`tbody`,{children:i.map(e=>G(`tr`,{children:[G(`td`,{children:e.day}),Rn.map(t=>G(`td`,{children:H(e[t.key])},t.key))]},e.day))})]})})]})]})}function Bn({id:e}){return G(I,{href:`~/ui/users/${W(e)}`,children:e})}function Vn({groupId:e}){let{data:t,error:n}=R(yn,{groupId:e},e);if(n)return G(`p`,{class:`muted`,children:[`Members unavailable: `,n.message]});if(!t)return null;let r=t.group;return G(`section`,{class:`panel`,"aria-labelledby":`ov-members`,children:[G(`h2`,{id:`ov-members`,children:[`Group `,r.name,`: `,r.members.length,` members`]}),G(`p`,{class:`muted`,children:`A shared memory space: its members read and write it, and what each member says in its conversations is also kept in their own space. The timeline shows who said what.`}),G(`ul`,{class:`space-list`,children:r.members.map(e=>G(`li`,{children:G(Bn,{id:e})},e))})]})}function Hn({userId:e}){let{data:t}=R(bn,{userId:e},e);return!t||t.groups.length===0?null:G(`section`,{class:`panel`,"aria-labelledby":`ov-groups`,children:[G(`h2`,{id:`ov-groups`,children:`Groups`}),G(`ul`,{class:`space-list`,children:t.groups.map(e=>G(`li`,{children:[G(Bn,{id:e.id}),` (`,e.name,`, `,e.members.length,` members)`]},e.id))})]})}function Un({userId:e}){return e.startsWith(`agent:`)?null:e.startsWith(`group:`)?G(Vn,{groupId:e}):G(Hn,{userId:e})}function Wn({items:e,empty:t}){return e.length===0?G(`p`,{class:`muted`,children:t}):G(`dl`,{class:`breakdown`,children:e.map(e=>G(`div`,{children:[G(`dt`,{children:U(e.key)}),G(`dd`,{children:H(e.count)})]},e.key))})}function Gn({value:e,name:t,href:n}){let r=G(C,{children:[G(`span`,{class:`stat-value`,children:H(e)}),G(`span`,{class:`stat-name`,children:t})]});return n?G(I,{href:n,class:`stat`,children:r}):G(`div`,{class:`stat`,children:r})}function Kn({userId:e}){let{data:t,error:n,loading:r,reload:i}=R(cn,{userId:e},e);if(r&&!t)return G(J,{what:`the overview`});if(n)return G(Y,{error:n,retry:i});if(!t)return null;let a=t.userStats,o=a.counts,s=a.candidatesByStatus.find(e=>e.key.toLowerCase()===`open`)?.count??0;return o.events===0&&a.documents===0?G(X,{title:`Nothing stored for this user yet`,children:G(`p`,{children:[`Send their conversation with `,G(`code`,{children:`ingestMessages`}),` (user id `,G(`code`,{children:e}),`), then call`,` `,G(`code`,{children:`endConversation`}),`: a background job extracts memories and entities, and reflection builds traits. Try it in `,G(`a`,{href:`/graphql`,children:`GraphiQL`}),`.`]})}):G(`div`,{class:`overview`,children:[G(`section`,{"aria-label":`Totals`,class:`stats`,children:[G(Gn,{value:o.events,name:`messages`}),G(Gn,{value:o.sessions,name:`conversations (${o.openSessions} open)`}),G(Gn,{value:o.memories,name:`memories`,href:`/memories`}),G(Gn,{value:o.traits,name:`traits`,href:`/traits`}),G(Gn,{value:o.entities,name:`entities`,href:`/entities`}),G(Gn,{value:o.pendingObservations+s,name:`waiting for review`,href:`/review`}),G(Gn,{value:a.documents,name:`documents`,href:`/documents`})]}),G(Un,{userId:e}),G(`section`,{class:`panel`,"aria-labelledby":`ov-growth`,children:[G(`h2`,{id:`ov-growth`,children:[`Growth by when it happened, last `,a.growth.length,` days`]}),G(`p`,{class:`muted growth-note`,children:`Each day counts what happened in the user's life then: messages and events by when they occurred, memories by when they were said (an import of old conversations lands on its own days); documents by when they were stored.`}),G(zn,{days:a.growth}),G(I,{href:`/timeline`,children:`Timeline →`})]}),G(`div`,{class:`grid-2`,children:[G(`section`,{class:`panel`,"aria-labelledby":`ov-sources`,children:[G(`h2`,{id:`ov-sources`,children:`Events by source`}),G(Wn,{items:a.eventsBySource,empty:`No event yet.`})]}),G(`section`,{class:`panel`,"aria-labelledby":`ov-candidates`,children:[G(`h2`,{id:`ov-candidates`,children:`Candidates and documents`}),G(Wn,{items:a.candidatesByStatus,empty:`No candidate yet: they come from todos, notes, documents…`}),G(`dl`,{class:`breakdown`,children:[G(`div`,{children:[G(`dt`,{children:`documents`}),G(`dd`,{children:H(a.documents)})]}),G(`div`,{children:[G(`dt`,{children:`passages`}),G(`dd`,{children:H(a.passages)})]}),G(`div`,{children:[G(`dt`,{children:`tags`}),G(`dd`,{children:H(a.tags)})]}),G(`div`,{children:[G(`dt`,{children:`learning runs`}),G(`dd`,{children:H(a.learningRuns)})]})]})]}),G(`section`,{class:`panel`,"aria-labelledby":`ov-memories`,children:[G(`h2`,{id:`ov-memories`,children:`Memories by type`}),G(Wn,{items:o.memoriesByType,empty:`No memory yet: end a conversation to extract some.`})]}),G(`section`,{class:`panel`,"aria-labelledby":`ov-traits`,children:[G(`h2`,{id:`ov-traits`,children:`Traits by stage`}),G(Wn,{items:o.traitsByStage,empty:`No trait yet: reflection needs memories from two conversations.`})]}),G(`section`,{class:`panel`,"aria-labelledby":`ov-entities`,children:[G(`h2`,{id:`ov-entities`,children:`Entity graph`}),G(`dl`,{class:`breakdown`,children:[G(`div`,{children:[G(`dt`,{children:`entities`}),G(`dd`,{children:H(o.entities)})]}),G(`div`,{children:[G(`dt`,{children:`aliases`}),G(`dd`,{children:H(o.aliases)})]}),G(`div`,{children:[G(`dt`,{children:`impressions`}),G(`dd`,{children:H(o.impressions)})]}),G(`div`,{children:[G(`dt`,{children:`features`}),G(`dd`,{children:H(o.features)})]}),G(`div`,{children:[G(`dt`,{children:`relations`}),G(`dd`,{children:H(o.relations)})]})]})]}),G(`section`,{class:`panel`,"aria-labelledby":`ov-jobs`,children:[G(`h2`,{id:`ov-jobs`,children:`Background work`}),G(Wn,{items:o.jobsByStatus,empty:`No job yet.`}),G(`dl`,{class:`breakdown`,children:[G(`div`,{children:[G(`dt`,{children:`LLM calls`}),G(`dd`,{children:H(o.llmCalls)})]}),G(`div`,{children:[G(`dt`,{children:`tokens in / out`}),G(`dd`,{children:[H(o.tokensIn),` / `,H(o.tokensOut)]})]}),G(`div`,{children:[G(`dt`,{children:`reflection cycles`}),G(`dd`,{children:H(o.reflectionCycles)})]})]}),G(I,{href:`/jobs`,children:`All jobs →`})]})]}),G(`p`,{class:`muted`,children:[`First message `,V(o.firstMessageAt),` · latest message `,V(o.lastMessageAt),` · last reflection`,` `,V(o.lastReflectionAt),` · last daily learning `,V(a.lastLearningAt)]})]})}function qn({userId:e,request:t,onClose:n}){let r=N(null),i=JSON.stringify(t),{data:a,error:o,loading:s,reload:c}=R(Ht,{userId:e,messageIds:t.messageIds??[],eventIds:t.eventIds??[]},`${e}|${i}`);return M(()=>{let e=r.current;return e&&!e.open&&e.showModal(),()=>e?.close()},[]),G(`dialog`,{ref:r,class:`messages-dialog`,"aria-labelledby":`messages-title`,onClose:n,children:[G(`header`,{children:[G(`h2`,{id:`messages-title`,children:t.title}),G(`button`,{type:`button`,class:`close`,onClick:()=>r.current?.close(),"aria-label":`Close`,children:`✕`})]}),s&&G(J,{what:`messages`}),o&&G(Y,{error:o,retry:c}),a&&a.messages.length===0&&G(X,{title:`No stored message`,children:`The messages this came from are no longer stored (or were never given ids).`}),a&&a.messages.length>0&&G(`ol`,{class:`messages`,children:a.messages.map(e=>G(`li`,{class:`message message-${e.role??e.sourceType}`,children:[G(`div`,{class:`message-meta`,children:[G(`strong`,{children:e.speaker??e.title??e.role??e.sourceType}),` · `,V(e.occurredAt),` ·`,` `,e.sessionId===null?e.sourceType:G(C,{children:[`session `,G(`code`,{children:e.sessionId})]}),` `,`· id `,G(`code`,{children:e.messageId})]}),G(K,{as:`p`,children:e.content})]},e.id))})]})}function Jn({userId:e,memory:t,done:n,openHistory:r}){let[i,a]=j(`idle`),[o,s]=j(t.content),[c,l]=j(``),[u,d]=j(!1),[f,p]=j(null),m=N(null);M(()=>m.current?.focus(),[i]);let h={userId:e,memoryId:t.id};async function g(e,t){d(!0),p(null);try{await e(),a(`idle`),n(t)}catch(e){p(Vt(e))}finally{d(!1)}}let _=t.status===`ACTIVE`;return G(`div`,{class:`memory-actions`,children:[i===`idle`&&G(`div`,{class:`actions`,children:[G(`button`,{type:`button`,onClick:()=>r(t),children:`History`}),_&&G(`button`,{type:`button`,onClick:()=>a(`correct`),children:`Correct…`}),_&&G(`button`,{type:`button`,disabled:u,onClick:()=>g(()=>L(qt,h),`Archived: out of recall until restored.`),children:`Archive`}),t.status===`ARCHIVED`&&G(`button`,{type:`button`,disabled:u,onClick:()=>g(()=>L(Jt,h),`Restored: active again.`),children:`Restore`}),t.status!==`FORGOTTEN`&&G(`button`,{type:`button`,class:`danger`,onClick:()=>a(`forget`),children:`Forget…`})]}),i===`correct`&&G(`form`,{class:`memory-form`,onSubmit:e=>{e.preventDefault(),o.trim()&&o.trim()!==t.content&&g(()=>L(Kt,{...h,content:o.trim()}),`Corrected: the old version is kept as superseded.`)},children:[G(`label`,{for:`correct-${t.id}`,children:`Corrected memory`}),G(`textarea`,{id:`correct-${t.id}`,ref:m,rows:3,value:o,onInput:e=>s(e.currentTarget.value),onKeyDown:e=>e.key===`Escape`&&a(`idle`)}),G(`div`,{class:`actions`,children:[G(`button`,{type:`submit`,disabled:u||!o.trim()||o.trim()===t.content,children:`Save correction`}),G(`button`,{type:`button`,class:`secondary`,onClick:()=>a(`idle`),children:`Cancel`})]})]}),i===`forget`&&G(`form`,{class:`memory-form`,onSubmit:e=>{e.preventDefault(),g(()=>L(Yt,{...h,reason:c.trim()||null}),`Forgotten: its text is gone and the traits that cited it were re-scored.`)},children:[G(`p`,{role:`alert`,children:`Forget this memory? Its text is removed for good (a tombstone stays in its history), the evidence citing it goes and its traits are re-scored. Its source messages stay.`}),G(`label`,{for:`reason-${t.id}`,children:`Reason (optional)`}),G(`input`,{id:`reason-${t.id}`,ref:m,value:c,onInput:e=>l(e.currentTarget.value),onKeyDown:e=>e.key===`Escape`&&a(`idle`)}),G(`div`,{class:`actions`,children:[G(`button`,{type:`submit`,class:`danger`,disabled:u,children:`Forget it`}),G(`button`,{type:`button`,class:`secondary`,onClick:()=>a(`idle`),children:`Keep it`})]})]}),f&&G(Y,{error:f})]})}function Yn({userId:e,memory:t,onClose:n}){let r=N(null),{data:i,error:a,loading:o,reload:s}=R(Xt,{userId:e,memoryId:t.id},`${e}|${t.id}`);return M(()=>{let e=r.current;return e&&!e.open&&e.showModal(),()=>e?.close()},[]),G(`dialog`,{ref:r,class:`messages-dialog`,"aria-labelledby":`history-title`,onClose:n,children:[G(`header`,{children:[G(`h2`,{id:`history-title`,children:`History of this memory`}),G(`button`,{type:`button`,class:`close`,onClick:()=>r.current?.close(),"aria-label":`Close`,children:`✕`})]}),o&&G(J,{what:`history`}),a&&G(Y,{error:a,retry:s}),i&&i.memoryHistory.length===0&&G(X,{title:`No history`,children:`Nothing was recorded for this memory.`}),i&&i.memoryHistory.length>0&&G(`ol`,{class:`history`,children:i.memoryHistory.map(e=>G(`li`,{class:`history-entry history-${e.event}`,children:[G(`div`,{class:`message-meta`,children:[G(`strong`,{children:U(e.event)}),` · `,V(e.createdAt),` · by `,e.actor,e.reason?G(C,{children:[` · “`,G(K,{children:e.reason}),`”`]}):null]}),e.scrubbed&&G(`p`,{class:`muted`,children:`Its values quoted deleted content and were blanked.`}),e.oldValue&&G(`p`,{children:[G(`span`,{class:`muted`,children:`was `}),G(K,{children:e.oldValue})]}),e.newValue&&G(`p`,{children:[G(`span`,{class:`muted`,children:`now `}),G(K,{children:e.newValue})]})]},e.id))})]})}function Xn(e){let t=new Date(e),n=new Date(t.getTime()+864e5);return{from:t.toISOString().slice(0,10),to:n.toISOString().slice(0,10)}}function Zn({provenance:e}){let{madeBy:t,rule:n,steps:r}=e;if(t===`RULEBOOK`)return G(`div`,{class:`made-by made-by-rulebook`,children:[G(`p`,{children:[`Kept by a rule of the offline rulebook`,n?`: `:`.`,n&&G(`strong`,{children:n.description})]}),G(`p`,{class:`muted`,children:[n?.measuredPrecision==null?`precision not measured yet`:`measured precision ${n.measuredPrecision.toFixed(2)} on ${n.judged} held-out outputs`,n&&G(C,{children:[` `,`· rule `,G(`code`,{class:`secondary-id`,children:n.id})]})]})]});if(t===`LLM`){let e=[...new Set(r.map(e=>[e.llmModel,e.llmProvider&&`via ${e.llmProvider}`].filter(Boolean).join(` `)))];return G(`p`,{class:`made-by made-by-llm`,children:[`Extracted by an LLM`,e.some(Boolean)?G(C,{children:[`: `,G(`strong`,{children:e.filter(Boolean).join(`, `)})]}):`.`]})}return t===`PERSON`?G(`p`,{class:`made-by made-by-person`,children:`Stated by the person (remembered or corrected by hand), not extracted.`}):G(`p`,{class:`made-by made-by-agent`,children:[`Stated by an agent through `,G(`code`,{children:`remember`}),`, not extracted.`]})}function Qn({step:e,close:t}){let n=e.occurredAt?Xn(e.occurredAt):null;return G(`li`,{class:`provenance-step`,children:[e.decisions.map((e,t)=>G(`div`,{class:`provenance-decision trace-${e.outcome.toLowerCase()}`,children:[G(q,{value:e.outcome}),` `,G(`q`,{class:`said`,children:G(K,{children:e.sentence??e.piece})})]},t)),G(`p`,{class:`muted`,children:[`said `,V(e.occurredAt),` in conversation `,G(`code`,{class:`secondary-id`,children:e.sessionId}),n&&G(C,{children:[` `,`·`,` `,G(I,{href:`/timeline?from=${n.from}&to=${n.to}`,onClick:t,children:`see the message on the timeline`})]})]}),G(`p`,{class:`muted provenance-job`,children:[e.extractor===`LLM`?`read by the LLM${e.llmModel?` ${e.llmModel}`:``}`:`read by the rulebook`,` in extraction job `,G(`code`,{class:`secondary-id`,children:e.jobId}),`, `,V(e.recordedAt),` · message`,` `,G(`code`,{class:`secondary-id`,children:e.messageId})]})]})}function $n({provenance:e,close:t}){let{memory:n,steps:r,traits:i}=e;return G(`div`,{class:`provenance`,children:[G(`p`,{class:`provenance-memory`,children:[G(q,{value:n.type}),` `,n.status!==`ACTIVE`&&G(q,{value:n.status}),` `,G(K,{children:n.content})]}),G(`h3`,{children:`Made by`}),G(Zn,{provenance:e}),G(`h3`,{children:[`From `,r.length===1?`this message`:`these ${r.length} messages`]}),r.length===0?G(`p`,{class:`muted`,children:e.madeBy===`PERSON`||e.madeBy===`AGENT`?`No message: it was stated directly.`:`No extraction step is kept any more (traces are kept for EXTRACTION_TRACE_RETENTION_DAYS).`}):G(`ol`,{class:`provenance-steps`,children:r.map(e=>G(Qn,{step:e,close:t},e.id))}),G(`h3`,{children:`Traits resting on it`}),i.length===0?G(`p`,{class:`muted`,children:`No trait cites it yet.`}):G(`ul`,{class:`provenance-traits`,children:i.map(e=>G(`li`,{children:[G(q,{value:e.stage}),` `,G(`span`,{class:`muted`,children:e.supports?`supports`:`contradicts`}),` `,G(I,{href:`/traits/${W(e.traitId)}`,onClick:t,children:G(K,{children:e.content})})]},e.traitId))})]})}function er({userId:e,request:t,onClose:n}){let r=N(null),{data:i,error:a,loading:o,reload:s}=R(_n,{userId:e,memoryId:t.memoryId},`${e}|${t.memoryId}`);M(()=>{let e=r.current;return e&&!e.open&&e.showModal(),()=>e?.close()},[]);let c=()=>r.current?.close();return G(`dialog`,{ref:r,class:`messages-dialog provenance-dialog`,"aria-labelledby":`provenance-title`,onClose:n,children:[G(`header`,{children:[G(`h2`,{id:`provenance-title`,children:`Why graphsvc believes this`}),G(`button`,{type:`button`,class:`close`,onClick:c,"aria-label":`Close`,children:`✕`})]}),o&&G(J,{what:`where this memory came from`}),a&&G(Y,{error:a,retry:s}),i&&G($n,{provenance:i.memoryProvenance,close:c}),!i&&!o&&!a&&G(X,{title:`Nothing to show`,children:G(K,{children:t.content})})]})}function tr({memory:e}){return e.status===`FORGOTTEN`?G(`p`,{class:`muted`,children:`Forgotten: its text was removed.`}):!e.validFrom&&!e.validTo?null:G(`p`,{class:`valid-time muted`,children:[e.validTo?G(C,{children:[`held from `,V(e.validFrom),` to `,V(e.validTo)]}):G(C,{children:[`holds since `,V(e.validFrom)]}),e.slot?G(C,{children:[` `,`· value of `,G(`code`,{children:e.slot})]}):null]})}function nr({memory:e}){if(!e.ruleId)return null;let t=e.rule?.measuredPrecision;return G(`p`,{class:`kept-by muted`,children:[`kept by rule `,G(`code`,{children:e.ruleId}),e.rule?`: ${e.rule.description}`:``,t==null?``:` (precision ${t.toFixed(2)} over ${e.rule?.judged} judged)`]})}function rr({memory:e,openSources:t,explain:n,actions:r}){return G(`li`,{class:`card memory memory-${e.status.toLowerCase()}`,children:[G(`div`,{class:`card-head`,children:[G(q,{value:e.type}),e.status!==`ACTIVE`&&G(q,{value:e.status}),e.origin!==`EXTRACTION`&&G(q,{value:`from ${e.origin}`,tone:`origin`}),e.reinforcementCount>0&&G(`span`,{class:`muted`,children:[`reinforced `,e.reinforcementCount,`×`]})]}),e.content?G(K,{as:`p`,children:e.content}):null,G(tr,{memory:e}),G(nr,{memory:e}),G(`div`,{class:`card-meta`,children:[G(Pn,{value:e.confidence,name:`confidence`}),G(Pn,{value:e.importance,name:`importance`})]}),G(`div`,{class:`card-foot`,children:[G(`span`,{class:`muted`,children:[e.occurredAt?`happened ${V(e.occurredAt)} · `:``,`stored `,V(e.createdAt),e.lastReinforcedAt?` · last reinforced ${V(e.lastReinforcedAt)}`:``]}),G(`button`,{type:`button`,disabled:e.sourceMessageIds.length===0,onClick:()=>t({title:`Where this memory came from`,messageIds:e.sourceMessageIds}),children:[`Source messages (`,e.sourceMessageIds.length,`)`]}),e.status!==`FORGOTTEN`&&G(`button`,{type:`button`,class:`why`,"aria-label":`Why? Where this memory came from`,onClick:()=>n({memoryId:e.id,content:e.content}),children:`Why?`})]}),r]})}var ir={ACTIVE:[`ACTIVE`],SUPERSEDED:[`SUPERSEDED`],ARCHIVED:[`ARCHIVED`],FORGOTTEN:[`FORGOTTEN`],ALL:[...Sn]};function ar({userId:e}){let[t,n]=j(``),[r,i]=j(`ACTIVE`),[a,o]=j(null),[s,c]=j(null),[l,u]=j([null]),[d,f]=j(null),[p,m]=j(null),h=l[l.length-1],{data:g,error:_,loading:v,reload:y}=R(Gt,{userId:e,type:t||null,after:h,status:ir[r]},`${e}|${t}|${r}|${h}`),b=e=>{o(e),y()};return G(`section`,{"aria-labelledby":`memories-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`memories-title`,children:`Memories`}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Type`}),G(`select`,{value:t,onChange:e=>{n(e.currentTarget.value),u([null])},children:[G(`option`,{value:``,children:`all types`}),xn.map(e=>G(`option`,{value:e,children:U(e)},e))]})]}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Status`}),G(`select`,{value:r,onChange:e=>{i(e.currentTarget.value),u([null]),o(null)},children:Object.keys(ir).map(e=>G(`option`,{value:e,children:U(e)},e))})]})]}),G(`p`,{class:`notice`,role:`status`,children:a}),v&&!g&&G(J,{what:`memories`}),_&&G(Y,{error:_,retry:y}),g&&g.memories.items.length===0&&G(X,{title:r===`ACTIVE`?t?`No ${U(t)} memory`:`No memory yet`:`No ${U(r)} memory`,children:r===`ACTIVE`?G(`p`,{children:[`Memories are extracted when a conversation ends: call `,G(`code`,{children:`endConversation`}),` for one of this user's sessions (idle ones end by themselves after 30 minutes by default), then look at the`,` `,G(I,{href:`/jobs`,children:`jobs`}),` view.`]}):G(`p`,{children:[`A memory is superseded when it is corrected or a newer value replaces it, archived with`,` `,G(`strong`,{children:`Archive`}),` (or by daily learning when unused), forgotten with `,G(`strong`,{children:`Forget…`}),`. Pick another status above to see the others.`]})}),g&&g.memories.items.length>0&&G(`ul`,{class:`cards`,"aria-busy":v,children:g.memories.items.map(t=>G(rr,{memory:t,openSources:f,explain:m,actions:G(Jn,{userId:e,memory:t,done:b,openHistory:c})},`${t.id}|${t.status}`))}),g&&G(In,{cursors:l,next:g.memories.nextCursor,setCursors:u,noun:`Memories`}),d&&G(qn,{userId:e,request:d,onClose:()=>f(null)}),p&&G(er,{userId:e,request:p,onClose:()=>m(null)}),s&&G(Yn,{userId:e,memory:s,onClose:()=>c(null)})]})}var or=240,sr=48,cr=4;function lr({history:e}){if(e.length===0)return null;let t=e.map(e=>new Date(e.at).getTime()),n=Math.min(...t),r=Math.max(1,Math.max(...t)-n),i=e=>cr+(e-n)/r*232,a=e=>44-e*40,o=[],s=null;e.forEach((e,n)=>{let r=i(t[n]);if(e.confidence===null){s=null;return}let c=a(e.confidence);o.push(s===null?`M${r.toFixed(1)},${c.toFixed(1)}`:`H${r.toFixed(1)}V${c.toFixed(1)}`),s=e.confidence});let c=e.map(e=>`${V(e.at)}: ${U(e.event)}, ${U(e.stage)}, confidence ${kn(e.confidence)}`).join(`; `);return G(`figure`,{class:`confidence-trend`,children:[G(`svg`,{viewBox:`0 0 ${or} ${sr}`,role:`img`,"aria-label":`Confidence over time: ${c}`,children:[G(`line`,{class:`trend-axis`,x1:cr,x2:236,y1:a(0),y2:a(0)}),o.length>0&&G(`path`,{class:`trend-line`,d:o.join(``)}),e.map((e,n)=>e.confidence===null?null:G(`circle`,{class:`trend-point`,cx:i(t[n]),cy:a(e.confidence),r:2.5,children:G(`title`,{children:`${V(e.at)}: ${U(e.event)}, ${kn(e.confidence)}`})},n))]}),G(`details`,{children:[G(`summary`,{children:[`Confidence over time (`,e.length,` points)`]}),G(`div`,{class:`table-wrap`,children:G(`table`,{class:`trend-table`,children:[G(`thead`,{children:G(`tr`,{children:[G(`th`,{scope:`col`,children:`when`}),G(`th`,{scope:`col`,children:`event`}),G(`th`,{scope:`col`,children:`stage`}),G(`th`,{scope:`col`,children:`confidence`})]})}),G(`tbody`,{children:e.map((e,t)=>G(`tr`,{children:[G(`td`,{children:V(e.at)}),G(`td`,{children:U(e.event)}),G(`td`,{children:U(e.stage)}),G(`td`,{children:kn(e.confidence)})]},t))})]})})]})]})}function ur({evidence:e,openSources:t,explain:n}){let r=e.memory;return G(`li`,{class:`evidence evidence-${e.kind.toLowerCase()}`,children:[G(`div`,{class:`card-head`,children:[G(q,{value:e.kind}),G(`span`,{class:`grade`,title:`A consistent across contexts, B explicitly stated, C across conversations, D within one`,children:[`grade `,e.grade]}),e.inheritedFrom&&G(`span`,{class:`muted`,children:`inherited from a narrower trait`}),e.resolvedAt&&G(`span`,{class:`muted`,children:[`taken into account `,V(e.resolvedAt)]})]}),r?G(C,{children:[G(`p`,{children:[G(q,{value:r.memoryType,tone:`type`}),` `,G(K,{children:r.content})]}),G(`button`,{type:`button`,disabled:r.sourceMessageIds.length===0,onClick:()=>t({title:`Messages behind this evidence`,messageIds:r.sourceMessageIds}),children:[`Source messages (`,r.sourceMessageIds.length,`)`]}),` `,G(`button`,{type:`button`,class:`why`,"aria-label":`Why? Where this memory came from`,onClick:()=>n({memoryId:r.id,content:r.content}),children:`Why?`})]}):G(`p`,{class:`muted`,children:`The memory this evidence cited is no longer stored.`})]})}function dr({trait:e,openSources:t,explain:n,single:r=!1}){let i=e.evidence.filter(e=>e.kind===`SUPPORTING`).length;return G(`li`,{class:`card trait`,children:[G(`div`,{class:`card-head`,children:[G(q,{value:e.stage}),G(q,{value:e.subtype,tone:`subtype`}),G(`span`,{class:`muted`,children:U(e.context)}),e.about&&G(`span`,{class:`about`,title:`The person whose memories this trait rests on`,children:[`about `,G(K,{children:e.about})]})]}),r?G(K,{as:`p`,children:e.content}):G(`p`,{children:G(I,{href:`/traits/${W(e.id)}`,class:`trait-link`,children:G(K,{children:e.content})})}),G(`div`,{class:`card-meta`,children:[G(Pn,{value:e.confidence,name:`confidence`}),G(`span`,{class:`muted`,children:[`reinforced `,e.reinforcementCount,`× · contradicted `,e.contradictionCount,`×`,e.windowEnd?` · trend window ends ${V(e.windowEnd)}`:``]})]}),G(lr,{history:e.history}),e.ruleId&&G(`p`,{class:`kept-by muted`,children:[`phrased by rule `,G(`code`,{children:e.ruleId}),e.rule?`: ${e.rule.description}`:``,e.rule?.measuredPrecision==null?``:` (precision ${e.rule.measuredPrecision.toFixed(2)} over ${e.rule.judged} judged)`]}),(e.parents.length>0||e.children.length>0)&&G(`div`,{class:`lineage`,children:[e.parents.length>0&&G(`p`,{children:[`Part of: `,e.parents.map(e=>G(K,{children:e.content},e.id))]}),e.children.length>0&&G(`p`,{children:[`Built from: `,e.children.map((e,t)=>G(`span`,{children:[t>0&&`; `,G(K,{children:e.content})]},e.id))]}),e.reasoning&&G(`p`,{class:`reasoning`,children:[`Why: `,G(K,{children:e.reasoning})]})]}),G(`details`,{open:r,children:[G(`summary`,{children:[`Evidence: `,i,` supporting, `,e.evidence.length-i,` contradicting`]}),G(`ol`,{class:`evidence-list`,children:e.evidence.map(e=>G(ur,{evidence:e,openSources:t,explain:n},e.id))})]}),G(`div`,{class:`card-foot muted`,children:[`first observed `,V(e.firstObserved),` · last reinforced `,V(e.lastReinforced)]})]})}function fr({userId:e}){let[t,n]=j(``),[r,i]=j(null),[a,o]=j(null),{data:s,error:c,loading:l,reload:u}=R(Zt,{userId:e,minStage:t||null},`${e}|${t}`),d=s?.userTraits??[],{page:f,index:p,pages:m,go:h}=z(d,10,`${e}|${t}`);return G(`section`,{"aria-labelledby":`traits-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`traits-title`,children:`Traits`}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Lowest stage`}),G(`select`,{value:t,onChange:e=>n(e.currentTarget.value),children:[G(`option`,{value:``,children:`every active stage`}),Cn.map(e=>G(`option`,{value:e,children:[U(e),` and up`]},e))]})]})]}),l&&!s&&G(J,{what:`traits`}),c&&G(Y,{error:c,retry:u}),s&&d.length===0&&G(X,{title:`No trait at these stages`,children:G(`p`,{children:[`Reflection builds traits from memories spanning at least two conversations. End another conversation of this user, or run `,G(`code`,{children:`reflect(userId: "…", force: true)`}),` in`,` `,G(`a`,{href:`/graphql`,children:`GraphiQL`}),`; trends and candidates show with “every active stage”.`]})}),d.length>0&&G(`ul`,{class:`cards`,children:f.map(e=>G(dr,{trait:e,openSources:i,explain:o},e.id))}),G(Fn,{index:p,pages:m,go:h,noun:`Traits`}),r&&G(qn,{userId:e,request:r,onClose:()=>i(null)}),a&&G(er,{userId:e,request:a,onClose:()=>o(null)})]})}function pr({userId:e,id:t}){let[n,r]=j(null),[i,a]=j(null),{data:o,error:s,loading:c,reload:l}=R(Zt,{userId:e,minStage:null},`${e}|all`),u=o?.userTraits.find(e=>e.id===t);return G(`section`,{"aria-labelledby":`trait-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`trait-title`,children:`Trait`}),G(I,{href:`/traits`,children:`all traits`})]}),c&&!o&&G(J,{what:`the trait`}),s&&G(Y,{error:s,retry:l}),o&&!u&&G(X,{title:`No such active trait`,children:G(`p`,{children:[`It was dissolved or never existed for this user. See the `,G(I,{href:`/traits`,children:`traits`}),` and`,` `,G(I,{href:`/changes`,children:`what changed`}),`.`]})}),u&&G(`ul`,{class:`cards`,children:G(dr,{trait:u,openSources:r,explain:a,single:!0})}),n&&G(qn,{userId:e,request:n,onClose:()=>r(null)}),i&&G(er,{userId:e,request:i,onClose:()=>a(null)})]})}function mr({userId:e}){let[t,n]=j(``),[r,i]=j(``),[a,o]=j([null]);M(()=>{let e=setTimeout(()=>{i(t.trim()),o([null])},250);return()=>clearTimeout(e)},[t]);let s=a[a.length-1],{data:c,error:l,loading:u,reload:d}=R(Qt,{userId:e,search:r||null,after:s},`${e}|${r}|${s}`);return G(`section`,{"aria-labelledby":`entities-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`entities-title`,children:`Entities`}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Search names`}),G(`input`,{type:`search`,value:t,onInput:e=>n(e.currentTarget.value),placeholder:`a name or an alias`})]})]}),u&&!c&&G(J,{what:`entities`}),l&&G(Y,{error:l,retry:d}),c&&c.entities.nodes.length===0&&G(X,{title:r?`No entity has that name`:`No entity yet`,children:G(`p`,{children:r?`Try a shorter part of the name: every word also matches as a prefix.`:`People, places and things are observed when a conversation ends; observations graphsvc could not settle wait in the Review view.`})}),c&&c.entities.nodes.length>0&&G(`ul`,{class:`cards entities`,"aria-busy":u,children:c.entities.nodes.map(e=>G(`li`,{class:`card`,children:[G(`div`,{class:`card-head`,children:[G(I,{href:`/entities/${W(e.subject)}`,class:`card-title`,children:G(K,{children:e.subject})}),G(q,{value:e.kind})]}),e.aliases.length>1&&G(`p`,{class:`muted`,children:[`also: `,G(K,{children:e.aliases.map(e=>e.name).filter(t=>t!==e.subject).join(`, `)})]})]},e.id))}),c&&G(In,{cursors:a,next:c.entities.hasNextPage?c.entities.endCursor:null,setCursors:o,noun:`Entities`})]})}function hr(e){let t=+this._x.call(null,e),n=+this._y.call(null,e);return gr(this.cover(t,n),t,n,e)}function gr(e,t,n,r){if(isNaN(t)||isNaN(n))return e;var i,a=e._root,o={data:r},s=e._x0,c=e._y0,l=e._x1,u=e._y1,d,f,p,m,h,g,_,v;if(!a)return e._root=o,e;for(;a.length;)if((h=t>=(d=(s+l)/2))?s=d:l=d,(g=n>=(f=(c+u)/2))?c=f:u=f,i=a,!(a=a[_=g<<1|h]))return i[_]=o,e;if(p=+e._x.call(null,a.data),m=+e._y.call(null,a.data),t===p&&n===m)return o.next=a,i?i[_]=o:e._root=o,e;do i=i?i[_]=[,,,,]:e._root=[,,,,],(h=t>=(d=(s+l)/2))?s=d:l=d,(g=n>=(f=(c+u)/2))?c=f:u=f;while((_=g<<1|h)==(v=(m>=f)<<1|p>=d));return i[v]=a,i[_]=o,e}function _r(e){Array.isArray(e)||(e=Array.from(e));let t=e.length,n=new Float64Array(t),r=new Float64Array(t),i=1/0,a=i,o=-i,s=o;for(let c=0,l,u,d;c<t;++c)isNaN(u=+this._x.call(null,l=e[c]))||isNaN(d=+this._y.call(null,l))?n[c]=NaN:(n[c]=u,r[c]=d,u<i&&(i=u),u>o&&(o=u),d<a&&(a=d),d>s&&(s=d));if(i>o||a>s)return this;this.cover(i,a).cover(o,s);for(let i=0;i<t;++i)gr(this,n[i],r[i],e[i]);return this}function vr(e,t){if(isNaN(e=+e)||isNaN(t=+t))return this;var n=this._x0,r=this._y0,i=this._x1,a=this._y1;if(isNaN(n))i=(n=Math.floor(e))+1,a=(r=Math.floor(t))+1;else{for(var o=i-n||1,s=this._root,c,l;n>e||e>=i||r>t||t>=a;)switch(l=(t<r)<<1|e<n,c=[,,,,],c[l]=s,s=c,o*=2,l){case 0:i=n+o,a=r+o;break;case 1:n=i-o,a=r+o;break;case 2:i=n+o,r=a-o;break;case 3:n=i-o,r=a-o}this._root&&this._root.length&&(this._root=s)}return this._x0=n,this._y0=r,this._x1=i,this._y1=a,this}function yr(){var e=[];return this.visit(function(t){if(!t.length)do e.push(t.data);while(t=t.next)}),e}function br(e){return arguments.length?this.cover(+e[0][0],+e[0][1]).cover(+e[1][0],+e[1][1]):isNaN(this._x0)?void 0:[[this._x0,this._y0],[this._x1,this._y1]]}function Z(e,t,n,r,i){this.node=e,this.x0=t,this.y0=n,this.x1=r,this.y1=i}function xr(e,t,n){var r,i=this._x0,a=this._y0,o,s,c,l,u=this._x1,d=this._y1,f=[],p=this._root,m,h;for(p&&f.push(new Z(p,i,a,u,d)),n==null?n=1/0:(i=e-n,a=t-n,u=e+n,d=t+n,n*=n);m=f.pop();)if(!(!(p=m.node)||(o=m.x0)>u||(s=m.y0)>d||(c=m.x1)<i||(l=m.y1)<a)){if(p.length){var g=(o+c)/2,_=(s+l)/2;f.push(new Z(p[3],g,_,c,l),new Z(p[2],o,_,g,l),new Z(p[1],g,s,c,_),new Z(p[0],o,s,g,_)),(h=(t>=_)<<1|e>=g)&&(m=f[f.length-1],f[f.length-1]=f[f.length-1-h],f[f.length-1-h]=m)}else{var v=e-+this._x.call(null,p.data),y=t-+this._y.call(null,p.data),b=v*v+y*y;if(b<n){var ee=Math.sqrt(n=b);i=e-ee,a=t-ee,u=e+ee,d=t+ee,r=p.data}}}return r}function Sr(e){if(isNaN(u=+this._x.call(null,e))||isNaN(d=+this._y.call(null,e)))return this;var t,n=this._root,r,i,a,o=this._x0,s=this._y0,c=this._x1,l=this._y1,u,d,f,p,m,h,g,_;if(!n)return this;if(n.length)for(;;){if((m=u>=(f=(o+c)/2))?o=f:c=f,(h=d>=(p=(s+l)/2))?s=p:l=p,t=n,!(n=n[g=h<<1|m]))return this;if(!n.length)break;(t[g+1&3]||t[g+2&3]||t[g+3&3])&&(r=t,_=g)}for(;n.data!==e;)if(i=n,!(n=n.next))return this;return(a=n.next)&&delete n.next,i?(a?i.next=a:delete i.next,this):t?(a?t[g]=a:delete t[g],(n=t[0]||t[1]||t[2]||t[3])&&n===(t[3]||t[2]||t[1]||t[0])&&!n.length&&(r?r[_]=n:this._root=n),this):(this._root=a,this)}function Cr(e){for(var t=0,n=e.length;t<n;++t)this.remove(e[t]);return this}function wr(){return this._root}function Tr(){var e=0;return this.visit(function(t){if(!t.length)do++e;while(t=t.next)}),e}function Er(e){var t=[],n,r=this._root,i,a,o,s,c;for(r&&t.push(new Z(r,this._x0,this._y0,this._x1,this._y1));n=t.pop();)if(!e(r=n.node,a=n.x0,o=n.y0,s=n.x1,c=n.y1)&&r.length){var l=(a+s)/2,u=(o+c)/2;(i=r[3])&&t.push(new Z(i,l,u,s,c)),(i=r[2])&&t.push(new Z(i,a,u,l,c)),(i=r[1])&&t.push(new Z(i,l,o,s,u)),(i=r[0])&&t.push(new Z(i,a,o,l,u))}return this}function Dr(e){var t=[],n=[],r;for(this._root&&t.push(new Z(this._root,this._x0,this._y0,this._x1,this._y1));r=t.pop();){var i=r.node;if(i.length){var a,o=r.x0,s=r.y0,c=r.x1,l=r.y1,u=(o+c)/2,d=(s+l)/2;(a=i[0])&&t.push(new Z(a,o,s,u,d)),(a=i[1])&&t.push(new Z(a,u,s,c,d)),(a=i[2])&&t.push(new Z(a,o,d,u,l)),(a=i[3])&&t.push(new Z(a,u,d,c,l))}n.push(r)}for(;r=n.pop();)e(r.node,r.x0,r.y0,r.x1,r.y1);return this}function Or(e){return e[0]}function kr(e){return arguments.length?(this._x=e,this):this._x}function Ar(e){return e[1]}function jr(e){return arguments.length?(this._y=e,this):this._y}function Mr(e,t,n){var r=new Nr(t??Or,n??Ar,NaN,NaN,NaN,NaN);return e==null?r:r.addAll(e)}function Nr(e,t,n,r,i,a){this._x=e,this._y=t,this._x0=n,this._y0=r,this._x1=i,this._y1=a,this._root=void 0}function Pr(e){for(var t={data:e.data},n=t;e=e.next;)n=n.next={data:e.data};return t}var Q=Mr.prototype=Nr.prototype;Q.copy=function(){var e=new Nr(this._x,this._y,this._x0,this._y0,this._x1,this._y1),t=this._root,n,r;if(!t)return e;if(!t.length)return e._root=Pr(t),e;for(n=[{source:t,target:e._root=[,,,,]}];t=n.pop();)for(var i=0;i<4;++i)(r=t.source[i])&&(r.length?n.push({source:r,target:t.target[i]=[,,,,]}):t.target[i]=Pr(r));return e},Q.add=hr,Q.addAll=_r,Q.cover=vr,Q.data=yr,Q.extent=br,Q.find=xr,Q.remove=Sr,Q.removeAll=Cr,Q.root=wr,Q.size=Tr,Q.visit=Er,Q.visitAfter=Dr,Q.x=kr,Q.y=jr;var Fr={value:()=>{}};function Ir(){for(var e=0,t=arguments.length,n={},r;e<t;++e){if(!(r=arguments[e]+``)||r in n||/[\s.]/.test(r))throw Error(`illegal type: `+r);n[r]=[]}return new Lr(n)}function Lr(e){this._=e}function Rr(e,t){return e.trim().split(/^|\s+/).map(function(e){var n=``,r=e.indexOf(`.`);if(r>=0&&(n=e.slice(r+1),e=e.slice(0,r)),e&&!t.hasOwnProperty(e))throw Error(`unknown type: `+e);return{type:e,name:n}})}Lr.prototype=Ir.prototype={constructor:Lr,on:function(e,t){var n=this._,r=Rr(e+``,n),i,a=-1,o=r.length;if(arguments.length<2){for(;++a<o;)if((i=(e=r[a]).type)&&(i=zr(n[i],e.name)))return i}else{if(t!=null&&typeof t!=`function`)throw Error(`invalid callback: `+t);for(;++a<o;)if(i=(e=r[a]).type)n[i]=Br(n[i],e.name,t);else if(t==null)for(i in n)n[i]=Br(n[i],e.name,null);return this}},copy:function(){var e={},t=this._;for(var n in t)e[n]=t[n].slice();return new Lr(e)},call:function(e,t){if((i=arguments.length-2)>0)for(var n=Array(i),r=0,i,a;r<i;++r)n[r]=arguments[r+2];if(!this._.hasOwnProperty(e))throw Error(`unknown type: `+e);for(a=this._[e],r=0,i=a.length;r<i;++r)a[r].value.apply(t,n)},apply:function(e,t,n){if(!this._.hasOwnProperty(e))throw Error(`unknown type: `+e);for(var r=this._[e],i=0,a=r.length;i<a;++i)r[i].value.apply(t,n)}};function zr(e,t){for(var n=0,r=e.length,i;n<r;++n)if((i=e[n]).name===t)return i.value}function Br(e,t,n){for(var r=0,i=e.length;r<i;++r)if(e[r].name===t){e[r]=Fr,e=e.slice(0,r).concat(e.slice(r+1));break}return n!=null&&e.push({name:t,value:n}),e}var Vr=0,Hr=0,Ur=0,Wr=1e3,Gr,Kr,qr=0,Jr=0,Yr=0,Xr=typeof performance==`object`&&performance.now?performance:Date,Zr=typeof window==`object`&&window.requestAnimationFrame?window.requestAnimationFrame.bind(window):function(e){setTimeout(e,17)};function Qr(){return Jr||=(Zr($r),Xr.now()+Yr)}function $r(){Jr=0}function ei(){this._call=this._time=this._next=null}ei.prototype=ti.prototype={constructor:ei,restart:function(e,t,n){if(typeof e!=`function`)throw TypeError(`callback is not a function`);n=(n==null?Qr():+n)+(t==null?0:+t),!this._next&&Kr!==this&&(Kr?Kr._next=this:Gr=this,Kr=this),this._call=e,this._time=n,oi()},stop:function(){this._call&&(this._call=null,this._time=1/0,oi())}};function ti(e,t,n){var r=new ei;return r.restart(e,t,n),r}function ni(){Qr(),++Vr;for(var e=Gr,t;e;)(t=Jr-e._time)>=0&&e._call.call(void 0,t),e=e._next;--Vr}function ri(){Jr=(qr=Xr.now())+Yr,Vr=Hr=0;try{ni()}finally{Vr=0,ai(),Jr=0}}function ii(){var e=Xr.now(),t=e-qr;t>Wr&&(Yr-=t,qr=e)}function ai(){for(var e,t=Gr,n,r=1/0;t;)t._call?(r>t._time&&(r=t._time),e=t,t=t._next):(n=t._next,t._next=null,t=e?e._next=n:Gr=n);Kr=e,oi(r)}function oi(e){Vr||(Hr&&=clearTimeout(Hr),e-Jr>24?(e<1/0&&(Hr=setTimeout(ri,Math.ceil(e-Xr.now()-Yr)+1)),Ur&&=clearInterval(Ur)):(Ur||=(qr=Xr.now(),setInterval(ii,Wr)),Vr=1,Zr(ri)))}function si(e,t){var n,r=1;e??=0,t??=0;function i(){var i,a=n.length,o,s=0,c=0;for(i=0;i<a;++i)o=n[i],s+=o.x,c+=o.y;for(s=(s/a-e)*r,c=(c/a-t)*r,i=0;i<a;++i)o=n[i],o.x-=s,o.y-=c}return i.initialize=function(e){n=e},i.x=function(t){return arguments.length?(e=+t,i):e},i.y=function(e){return arguments.length?(t=+e,i):t},i.strength=function(e){return arguments.length?(r=+e,i):r},i}function ci(e){return function(){return e}}function $(e){return(e()-.5)*1e-6}function li(e){return e.x+e.vx}function ui(e){return e.y+e.vy}function di(e){var t,n,r,i=1,a=1;typeof e!=`function`&&(e=ci(e==null?1:+e));function o(){for(var e,o=t.length,c,l,u,d,f,p,m=0;m<a;++m)for(c=Mr(t,li,ui).visitAfter(s),e=0;e<o;++e)l=t[e],f=n[l.index],p=f*f,u=l.x+l.vx,d=l.y+l.vy,c.visit(h);function h(e,t,n,a,o){var s=e.data,c=e.r,m=f+c;if(s){if(s.index>l.index){var h=u-s.x-s.vx,g=d-s.y-s.vy,_=h*h+g*g;_<m*m&&(h===0&&(h=$(r),_+=h*h),g===0&&(g=$(r),_+=g*g),_=(m-(_=Math.sqrt(_)))/_*i,l.vx+=(h*=_)*(m=(c*=c)/(p+c)),l.vy+=(g*=_)*m,s.vx-=h*(m=1-m),s.vy-=g*m)}}else return t>u+m||a<u-m||n>d+m||o<d-m}}function s(e){if(e.data)return e.r=n[e.data.index];for(var t=e.r=0;t<4;++t)e[t]&&e[t].r>e.r&&(e.r=e[t].r)}function c(){if(t){var r,i=t.length,a;for(n=Array(i),r=0;r<i;++r)a=t[r],n[a.index]=+e(a,r,t)}}return o.initialize=function(e,n){t=e,r=n,c()},o.iterations=function(e){return arguments.length?(a=+e,o):a},o.strength=function(e){return arguments.length?(i=+e,o):i},o.radius=function(t){return arguments.length?(e=typeof t==`function`?t:ci(+t),c(),o):e},o}function fi(e){return e.index}function pi(e,t){var n=e.get(t);if(!n)throw Error(`node not found: `+t);return n}function mi(e){var t=fi,n=d,r,i=ci(30),a,o,s,c,l,u=1;e??=[];function d(e){return 1/Math.min(s[e.source.index],s[e.target.index])}function f(t){for(var n=0,i=e.length;n<u;++n)for(var o=0,s,d,f,p,m,h,g;o<i;++o)s=e[o],d=s.source,f=s.target,p=f.x+f.vx-d.x-d.vx||$(l),m=f.y+f.vy-d.y-d.vy||$(l),h=Math.sqrt(p*p+m*m),h=(h-a[o])/h*t*r[o],p*=h,m*=h,f.vx-=p*(g=c[o]),f.vy-=m*g,d.vx+=p*(g=1-g),d.vy+=m*g}function p(){if(o){var n,i=o.length,l=e.length,u=new Map(o.map((e,n)=>[t(e,n,o),e])),d;for(n=0,s=Array(i);n<l;++n)d=e[n],d.index=n,typeof d.source!=`object`&&(d.source=pi(u,d.source)),typeof d.target!=`object`&&(d.target=pi(u,d.target)),s[d.source.index]=(s[d.source.index]||0)+1,s[d.target.index]=(s[d.target.index]||0)+1;for(n=0,c=Array(l);n<l;++n)d=e[n],c[n]=s[d.source.index]/(s[d.source.index]+s[d.target.index]);r=Array(l),m(),a=Array(l),h()}}function m(){if(o)for(var t=0,i=e.length;t<i;++t)r[t]=+n(e[t],t,e)}function h(){if(o)for(var t=0,n=e.length;t<n;++t)a[t]=+i(e[t],t,e)}return f.initialize=function(e,t){o=e,l=t,p()},f.links=function(t){return arguments.length?(e=t,p(),f):e},f.id=function(e){return arguments.length?(t=e,f):t},f.iterations=function(e){return arguments.length?(u=+e,f):u},f.strength=function(e){return arguments.length?(n=typeof e==`function`?e:ci(+e),m(),f):n},f.distance=function(e){return arguments.length?(i=typeof e==`function`?e:ci(+e),h(),f):i},f}var hi=1664525,gi=1013904223,_i=4294967296;function vi(){let e=1;return()=>(e=(hi*e+gi)%_i)/_i}function yi(e){return e.x}function bi(e){return e.y}var xi=10,Si=Math.PI*(3-Math.sqrt(5));function Ci(e){var t,n=1,r=.001,i=1-r**(1/300),a=0,o=.6,s=new Map,c=ti(d),l=Ir(`tick`,`end`),u=vi();e??=[];function d(){f(),l.call(`tick`,t),n<r&&(c.stop(),l.call(`end`,t))}function f(r){var c,l=e.length,u;r===void 0&&(r=1);for(var d=0;d<r;++d)for(n+=(a-n)*i,s.forEach(function(e){e(n)}),c=0;c<l;++c)u=e[c],u.fx==null?u.x+=u.vx*=o:(u.x=u.fx,u.vx=0),u.fy==null?u.y+=u.vy*=o:(u.y=u.fy,u.vy=0);return t}function p(){for(var t=0,n=e.length,r;t<n;++t){if(r=e[t],r.index=t,r.fx!=null&&(r.x=r.fx),r.fy!=null&&(r.y=r.fy),isNaN(r.x)||isNaN(r.y)){var i=xi*Math.sqrt(.5+t),a=t*Si;r.x=i*Math.cos(a),r.y=i*Math.sin(a)}(isNaN(r.vx)||isNaN(r.vy))&&(r.vx=r.vy=0)}}function m(t){return t.initialize&&t.initialize(e,u),t}return p(),t={tick:f,restart:function(){return c.restart(d),t},stop:function(){return c.stop(),t},nodes:function(n){return arguments.length?(e=n,p(),s.forEach(m),t):e},alpha:function(e){return arguments.length?(n=+e,t):n},alphaMin:function(e){return arguments.length?(r=+e,t):r},alphaDecay:function(e){return arguments.length?(i=+e,t):+i},alphaTarget:function(e){return arguments.length?(a=+e,t):a},velocityDecay:function(e){return arguments.length?(o=1-e,t):1-o},randomSource:function(e){return arguments.length?(u=e,s.forEach(m),t):u},force:function(e,n){return arguments.length>1?(n==null?s.delete(e):s.set(e,m(n)),t):s.get(e)},find:function(t,n,r){var i=0,a=e.length,o,s,c,l,u;for(r==null?r=1/0:r*=r,i=0;i<a;++i)l=e[i],o=t-l.x,s=n-l.y,c=o*o+s*s,c<r&&(u=l,r=c);return u},on:function(e,n){return arguments.length>1?(l.on(e,n),t):l.on(e)}}}function wi(){var e,t,n,r,i=ci(-30),a,o=1,s=1/0,c=.81;function l(n){var i,a=e.length,o=Mr(e,yi,bi).visitAfter(d);for(r=n,i=0;i<a;++i)t=e[i],o.visit(f)}function u(){if(e){var t,n=e.length,r;for(a=Array(n),t=0;t<n;++t)r=e[t],a[r.index]=+i(r,t,e)}}function d(e){var t=0,n,r,i=0,o,s,c;if(e.length){for(o=s=c=0;c<4;++c)(n=e[c])&&(r=Math.abs(n.value))&&(t+=n.value,i+=r,o+=r*n.x,s+=r*n.y);e.x=o/i,e.y=s/i}else{n=e,n.x=n.data.x,n.y=n.data.y;do t+=a[n.data.index];while(n=n.next)}e.value=t}function f(e,i,l,u){if(!e.value)return!0;var d=e.x-t.x,f=e.y-t.y,p=u-i,m=d*d+f*f;if(p*p/c<m)return m<s&&(d===0&&(d=$(n),m+=d*d),f===0&&(f=$(n),m+=f*f),m<o&&(m=Math.sqrt(o*m)),t.vx+=d*e.value*r/m,t.vy+=f*e.value*r/m),!0;if(!(e.length||m>=s)){(e.data!==t||e.next)&&(d===0&&(d=$(n),m+=d*d),f===0&&(f=$(n),m+=f*f),m<o&&(m=Math.sqrt(o*m)));do e.data!==t&&(p=a[e.data.index]*r/m,t.vx+=d*p,t.vy+=f*p);while(e=e.next)}}return l.initialize=function(t,r){e=t,n=r,u()},l.strength=function(e){return arguments.length?(i=typeof e==`function`?e:ci(+e),u(),l):i},l.distanceMin=function(e){return arguments.length?(o=e*e,l):Math.sqrt(o)},l.distanceMax=function(e){return arguments.length?(s=e*e,l):Math.sqrt(s)},l.theta=function(e){return arguments.length?(c=e*e,l):Math.sqrt(c)},l}function Ti({nodes:e,links:t,onOpen:n,focusId:r,label:i}){let a=Fe(()=>{let n=e.map(e=>({...e})),r=new Set(n.map(e=>e.id)),i=t.filter(e=>r.has(e.source)&&r.has(e.target)).map(e=>({...e,source:e.source,target:e.target})),a=Ci(n).force(`charge`,wi().strength(-220)).force(`link`,mi(i).id(e=>e.id).distance(90)).force(`collide`,di(34)).force(`center`,si(0,0)).stop();for(let e=0;e<300;e++)a.tick();let o=n.map(e=>e.x??0),s=n.map(e=>e.y??0),c=Math.max(640,Math.max(0,...o)-Math.min(0,...o)+140),l=Math.max(400,Math.max(0,...s)-Math.min(0,...s)+140),u=(Math.max(0,...o)+Math.min(0,...o))/2,d=(Math.max(0,...s)+Math.min(0,...s))/2,f={x:u-c/2,y:d-l/2,w:c,h:l};return{placed:n,edges:i,at:new Map(n.map(e=>[e.id,e])),box:f}},[e,t]),o=a.edges.length<=40;return G(`svg`,{class:`force-graph`,viewBox:`${a.box.x} ${a.box.y} ${a.box.w} ${a.box.h}`,role:`group`,"aria-label":i,children:[G(`defs`,{children:G(`marker`,{id:`arrow`,viewBox:`0 0 10 10`,refX:`24`,refY:`5`,markerUnits:`userSpaceOnUse`,markerWidth:`10`,markerHeight:`10`,orient:`auto`,children:G(`path`,{d:`M 0 0 L 10 5 L 0 10 z`,class:`arrow-head`})})}),G(`g`,{class:`edges`,children:a.edges.map((e,t)=>{let n=a.at.get(typeof e.source==`string`?e.source:e.source.id),r=a.at.get(typeof e.target==`string`?e.target:e.target.id);return!n||!r?null:G(`g`,{children:[G(`line`,{x1:n.x,y1:n.y,x2:r.x,y2:r.y,"stroke-width":1+3*e.strength,"marker-end":`url(#arrow)`,children:G(`title`,{children:`${n.label} —${e.relation}→ ${r.label} (strength ${e.strength.toFixed(2)})`})}),o&&G(`text`,{x:((n.x??0)+(r.x??0))/2,y:((n.y??0)+(r.y??0))/2,class:`edge-label`,lang:jn(e.relation),children:e.relation})]},t)})}),G(`g`,{class:`nodes`,children:a.placed.map(e=>G(`g`,{class:`node node-${e.kind.toLowerCase()}${e.id===r?` node-focus`:``}`,transform:`translate(${e.x??0},${e.y??0})`,tabindex:0,role:`link`,"aria-label":`${e.label} (${e.kind.toLowerCase()})`,onClick:()=>n(e),onKeyDown:t=>{(t.key===`Enter`||t.key===` `)&&(t.preventDefault(),n(e))},children:[G(`circle`,{r:e.id===r?16:12}),G(`text`,{y:28,lang:jn(e.label),children:e.label})]},e.id))})]})}function Ei(){return G(`ul`,{class:`legend`,"aria-label":`Entity kinds`,children:[`PERSON`,`PLACE`,`ORGANIZATION`,`WORK`,`ANIMAL`,`THING`].map(e=>G(`li`,{children:[G(`span`,{class:`swatch node-${e.toLowerCase()}`,"aria-hidden":`true`}),` `,e.toLowerCase()]},e))})}var Di=3;function Oi({userId:e}){let[,t]=bt(),[n,r]=j(null),[i,a]=j(!1),[o,s]=j(null),[c,l]=j(!0);M(()=>{let t=!1;return(async()=>{let n=[],i=null;for(let t=0;t<Di;t++){let t=await L(en,{userId:e,after:i});if(n.push(...t.entities.nodes),i=t.entities.hasNextPage?t.entities.endCursor:null,!i)break}t||(r(n),a(i!==null))})().catch(e=>!t&&s(Vt(e))),()=>{t=!0}},[e]);let u=Fe(()=>{let e=[],t=[],r=new Set;for(let e of n??[])for(let n of e.relations)n.direction===`OUTGOING`&&(t.push({source:e.id,target:n.other.id,relation:n.relation,strength:n.strength}),r.add(e.id).add(n.other.id));for(let t of n??[])(!c||r.has(t.id))&&e.push({id:t.id,label:t.subject,kind:t.kind});return{nodes:e,links:t}},[n,c]);return o?G(Y,{error:o}):n?G(`section`,{"aria-labelledby":`graph-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`graph-title`,children:`Entity graph`}),G(`label`,{class:`inline`,children:[G(`input`,{type:`checkbox`,checked:c,onChange:e=>l(e.currentTarget.checked)}),G(`span`,{children:`Only entities with relations`})]})]}),G(`p`,{class:`muted`,children:[u.nodes.length,` entities, `,u.links.length,` relations`,i?` (the first 300 entities by name)`:``,`. Select an entity (Tab, then Enter) to open it.`]}),u.nodes.length===0?G(X,{title:n.length===0?`No entity yet`:`No relation between entities yet`,children:G(`p`,{children:[`Relations come from conversations that say how two people, places or things are linked (“my friend Oliver”).`,n.length>0&&` Untick the box above to see the entities without relations.`]})}):G(C,{children:[G(Ti,{nodes:u.nodes,links:u.links,label:`The user's entities and their relations`,onOpen:e=>t(`/entities/${W(e.label)}`)}),G(Ei,{})]})]}):G(J,{what:`the entity graph`})}function ki({userId:e,item:t}){let[n,r]=j(t),[i,a]=j(!1),[o,s]=j(null);async function c(t){a(!0),s(null);try{let i={userId:e,id:n.id};r(t?(await L(dn,i)).promoteCandidate:(await L(fn,i)).rejectCandidate)}catch(e){s(Vt(e))}finally{a(!1)}}return G(`li`,{class:`card candidate`,children:[G(`div`,{class:`card-head`,children:[G(q,{value:n.memoryType}),G(q,{value:n.status}),n.sourceTypes.map(e=>G(q,{value:e,tone:`source`},e))]}),G(K,{as:`p`,children:n.content}),G(`div`,{class:`card-meta`,children:[G(Pn,{value:n.confidence,name:`confidence`}),G(Pn,{value:n.importance,name:`importance`})]}),G(`p`,{class:`muted`,children:[`seen on `,n.days.length,` day`,n.days.length===1?``:`s`,` in `,n.sources.length,` source`,n.sources.length===1?``:`s`,` · since `,V(n.createdAt),n.expiresAt&&n.status===`OPEN`?` · expires ${V(n.expiresAt)}`:``]}),n.status===`OPEN`?G(`div`,{class:`actions`,children:[G(`button`,{type:`button`,disabled:i,onClick:()=>c(!0),children:`Promote to a memory`}),G(`button`,{type:`button`,class:`secondary`,disabled:i,onClick:()=>c(!1),children:`Reject`})]}):G(`p`,{class:`resolved`,role:`status`,children:[n.status===`PROMOTED`?`Promoted to a memory`:n.status===`REJECTED`?`Rejected`:`Expired`,n.decidedAt?` ${V(n.decidedAt)}`:``,n.promotionReason?` (${n.promotionReason})`:``]}),o&&G(Y,{error:o})]})}function Ai({userId:e}){let[t,n]=j(!1),{data:r,error:i,loading:a,reload:o}=R(un,{userId:e,status:t?null:`OPEN`},`${e}|${t}`),s=r?.candidates??[],{page:c,index:l,pages:u,go:d}=z(s,10,`${e}|${t}`);return G(`section`,{"aria-labelledby":`candidates-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`candidates-title`,children:`Memory candidates`}),G(`label`,{class:`inline`,children:[G(`input`,{type:`checkbox`,checked:t,onChange:e=>n(e.currentTarget.checked)}),G(`span`,{children:`Show decided too`})]})]}),G(`p`,{class:`muted`,children:`What todos, tasks, notes, posts, calendar entries and documents say becomes a memory only once it is seen on several days or in several sources, is important, or a person confirms it here.`}),a&&!r&&G(J,{what:`candidates`}),i&&G(Y,{error:i,retry:o}),r&&s.length===0&&G(X,{title:`No candidate waits`,children:G(`p`,{children:[`Candidates come from `,G(`code`,{children:`ingestEvents`}),` and `,G(`code`,{children:`ingestDocument`}),`; the daily learning run promotes or expires them by itself.`]})}),s.length>0&&G(`ul`,{class:`cards`,children:c.map(t=>G(ki,{userId:e,item:t},t.id))}),G(Fn,{index:l,pages:u,go:d,noun:`Candidates`})]})}function ji({userId:e,item:t,openSources:n}){let[r,i]=j(!1),[a,o]=j(null),[s,c]=j(null);async function l(n){i(!0),o(null);try{let r=await L(nn,{userId:e,id:t.id,entityId:n,createNew:n===null});c(r.resolvePendingObservation.entity.subject)}catch(e){o(Vt(e))}finally{i(!1)}}let u=t.status===`OPEN`&&s===null;return G(`li`,{class:`card pending`,"aria-busy":r,children:[G(`div`,{class:`card-head`,children:[G(`strong`,{class:`card-title`,children:G(K,{children:t.subject})}),G(q,{value:t.kind}),G(q,{value:t.reason,tone:`reason`}),G(q,{value:s?`RESOLVED`:t.status})]}),t.detail&&G(`p`,{class:`muted`,children:t.detail}),t.aliases.length>0&&G(`p`,{children:[`Also called: `,G(K,{children:t.aliases.join(`, `)})]}),t.impressions.length>0&&G(`ul`,{class:`plain`,children:t.impressions.map((e,t)=>G(`li`,{children:G(K,{children:e})},t))}),(t.features.length>0||t.relations.length>0)&&G(`p`,{class:`muted`,children:G(K,{children:[...t.features,...t.relations].join(` · `)})}),G(`div`,{class:`card-meta`,children:[G(Pn,{value:t.confidence,name:`confidence`}),G(`button`,{type:`button`,disabled:t.eventIds.length===0,onClick:()=>n({title:`Where “${t.subject}” was observed`,eventIds:t.eventIds}),children:[`Source messages (`,t.eventIds.length,`)`]})]}),u?G(`div`,{class:`actions`,role:`group`,"aria-label":`Decide about ${t.subject}`,children:[t.candidates.map(e=>G(`button`,{type:`button`,disabled:r,onClick:()=>l(e.id),children:[`Same as `,G(K,{children:e.subject}),e.aliases.length>1&&G(`span`,{class:`muted`,children:[` (`,e.aliases.map(e=>e.name).filter(t=>t!==e.subject).join(`, `),`)`]})]},e.id)),G(`button`,{type:`button`,class:`secondary`,disabled:r,onClick:()=>l(null),children:[`New entity “`,G(K,{children:t.subject}),`”`]})]}):G(`p`,{class:`resolved`,role:`status`,children:[`Resolved`,t.resolvedAt?` ${V(t.resolvedAt)}`:``,s&&G(C,{children:[` `,`as `,G(I,{href:`/entities/${W(s)}`,children:G(K,{children:s})})]})]}),a&&G(Y,{error:a})]})}function Mi({userId:e}){let[t,n]=j(!1),[r,i]=j(null),{data:a,error:o,loading:s,reload:c}=R(tn,{userId:e,status:t?null:`OPEN`},`${e}|${t}`),l=a?.pendingObservations??[],{page:u,index:d,pages:f,go:p}=z(l,10,`${e}|${t}`);return G(`section`,{"aria-labelledby":`review-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`review-title`,children:`Review queue`}),G(`label`,{class:`inline`,children:[G(`input`,{type:`checkbox`,checked:t,onChange:e=>n(e.currentTarget.checked)}),G(`span`,{children:`Show resolved too`})]})]}),G(`p`,{class:`muted`,children:`graphsvc never guesses an identity: a name that matches several entities, or a new one with weak evidence, waits here for a person.`}),s&&!a&&G(J,{what:`the review queue`}),o&&G(Y,{error:o,retry:c}),a&&l.length===0&&G(X,{title:`Nothing waits for a decision`,children:G(`p`,{children:[`Every observation of this user was settled. New ones appear here after a conversation ends; see the`,` `,G(I,{href:`/entities`,children:`entities`}),` for what is known.`]})}),l.length>0&&G(`ul`,{class:`cards`,children:u.map(t=>G(ji,{userId:e,item:t,openSources:i},t.id))}),G(Fn,{index:d,pages:f,go:p,noun:`Observations`}),r&&G(qn,{userId:e,request:r,onClose:()=>i(null)}),G(Ai,{userId:e})]})}function Ni({jobs:e}){return G(`div`,{class:`table-wrap`,children:G(`table`,{children:[G(`caption`,{class:`sr-only`,children:`Background jobs, newest first`}),G(`thead`,{children:G(`tr`,{children:[G(`th`,{scope:`col`,children:`kind`}),G(`th`,{scope:`col`,children:`status`}),G(`th`,{scope:`col`,children:`conversation`}),G(`th`,{scope:`col`,children:`attempts`}),G(`th`,{scope:`col`,children:`LLM calls`}),G(`th`,{scope:`col`,children:`tokens in / out`}),G(`th`,{scope:`col`,children:`memories new / reinforced`}),G(`th`,{scope:`col`,children:`created`}),G(`th`,{scope:`col`,children:`error`})]})}),G(`tbody`,{children:e.map(e=>G(`tr`,{children:[G(`td`,{class:`nowrap`,children:U(e.kind)}),G(`td`,{children:G(q,{value:e.status})}),G(`td`,{children:G(`code`,{children:e.sessionId??`–`})}),G(`td`,{class:`num`,children:e.attempts}),G(`td`,{class:`num`,children:H(e.llmCalls)}),G(`td`,{class:`num`,children:[H(e.tokensIn),` / `,H(e.tokensOut)]}),G(`td`,{class:`num`,children:[e.memoriesCreated,` / `,e.memoriesReinforced]}),G(`td`,{class:`nowrap`,children:V(e.createdAt)}),G(`td`,{class:`error-cell`,children:e.error?G(K,{children:e.error}):G(`span`,{class:`muted`,children:`–`})})]},e.id))})]})})}function Pi({cycles:e}){return G(`div`,{class:`table-wrap`,children:G(`table`,{children:[G(`caption`,{class:`sr-only`,children:`Reflection cycles, newest first`}),G(`thead`,{children:G(`tr`,{children:[G(`th`,{scope:`col`,children:`started`}),G(`th`,{scope:`col`,children:`status`}),G(`th`,{scope:`col`,children:`trigger`}),G(`th`,{scope:`col`,children:`mode`}),G(`th`,{scope:`col`,children:`memories read`}),G(`th`,{scope:`col`,children:`traits new / reinforced / dissolved`}),G(`th`,{scope:`col`,children:`LLM calls`}),G(`th`,{scope:`col`,children:`tokens in / out`}),G(`th`,{scope:`col`,children:`took`}),G(`th`,{scope:`col`,children:`error or notes`})]})}),G(`tbody`,{children:e.map((e,t)=>G(`tr`,{children:[G(`td`,{class:`nowrap`,children:V(e.startedAt)}),G(`td`,{children:G(q,{value:e.status})}),G(`td`,{children:e.trigger?U(e.trigger):`–`}),G(`td`,{children:e.mode}),G(`td`,{class:`num`,children:e.memoriesScanned}),G(`td`,{class:`num`,children:[e.traitsCreated,` / `,e.traitsReinforced,` / `,e.traitsDissolved]}),G(`td`,{class:`num`,children:e.llmCalls}),G(`td`,{class:`num`,children:[H(e.tokensIn),` / `,H(e.tokensOut)]}),G(`td`,{class:`num`,children:[Math.round(e.durationMs),` ms`]}),G(`td`,{class:`error-cell`,children:G(K,{children:e.error??e.notes.join(`; `)})})]},e.id??t))})]})})}function Fi({userId:e}){let[t,n]=j(``),r=R(rn,{userId:e,status:t||null},`${e}|${t}`),i=R(an,{userId:e},e),a=z(r.data?.jobs??[],20,`${e}|${t}`),o=z(i.data?.reflectionCycles??[],10,e);return G(C,{children:[G(`section`,{"aria-labelledby":`jobs-title`,children:[G(`div`,{class:`section-head`,children:[G(`h2`,{id:`jobs-title`,children:`Jobs`}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Status`}),G(`select`,{value:t,onChange:e=>n(e.currentTarget.value),children:[G(`option`,{value:``,children:`any status`}),wn.map(e=>G(`option`,{value:e,children:U(e)},e))]})]}),G(`button`,{type:`button`,onClick:r.reload,children:`Refresh`})]}),r.loading&&!r.data&&G(J,{what:`jobs`}),r.error&&G(Y,{error:r.error,retry:r.reload}),r.data&&r.data.jobs.length===0&&G(X,{title:t?`No ${U(t)} job`:`No job yet`,children:G(`p`,{children:[`A job is queued when a conversation ends (`,G(`code`,{children:`endConversation`}),`, or 30 idle minutes by default); each extraction queues a reflection.`]})}),a.page.length>0&&G(Ni,{jobs:a.page}),G(Fn,{index:a.index,pages:a.pages,go:a.go,noun:`Jobs`})]}),G(`section`,{"aria-labelledby":`cycles-title`,children:[G(`h2`,{id:`cycles-title`,children:`Reflection cycles`}),i.loading&&!i.data&&G(J,{what:`reflection cycles`}),i.error&&G(Y,{error:i.error,retry:i.reload}),i.data&&i.data.reflectionCycles.length===0&&G(X,{title:`No reflection cycle yet`,children:G(`p`,{children:`A cycle runs after an extraction when one of seed 002's triggers holds.`})}),o.page.length>0&&G(Pi,{cycles:o.page}),G(Fn,{index:o.index,pages:o.pages,go:o.go,noun:`Reflection cycles`})]})]})}var Ii=e=>e.toFixed(4);function Li({explanation:e}){return G(`details`,{class:`why-rank`,open:!0,children:[G(`summary`,{children:`Why this rank`}),G(`table`,{class:`channels`,children:[G(`caption`,{class:`muted`,children:e.fusion}),G(`thead`,{children:G(`tr`,{children:[G(`th`,{scope:`col`,children:`Channel`}),G(`th`,{scope:`col`,children:`Rank`}),G(`th`,{scope:`col`,children:`Part`})]})}),G(`tbody`,{children:e.channels.map(e=>G(`tr`,{children:[G(`td`,{children:U(e.channel)}),G(`td`,{children:e.rank??`not found`}),G(`td`,{children:Ii(e.contribution)})]},e.channel))}),G(`tfoot`,{children:G(`tr`,{children:[G(`th`,{scope:`row`,colSpan:2,children:`fused`}),G(`td`,{class:`fused-score`,children:Ii(e.fusedScore)})]})})]}),e.adjustments.length>0&&G(`ol`,{class:`adjustments`,children:e.adjustments.map((e,t)=>G(`li`,{children:[G(q,{value:U(e.rule)}),` `,Ii(e.scoreBefore),` → `,Ii(e.scoreAfter),` `,G(`span`,{class:`muted`,children:G(K,{children:e.detail})})]},t))}),G(`p`,{class:`final-score`,children:[`final score `,Ii(e.finalScore)]})]})}function Ri({userId:e}){let[t,n]=j(``),[r,i]=j(10),[a,o]=j(null),[s,c]=j(null),l=R(on,{userId:e,query:a?.query??``,limit:a?.limit??10,explain:a?.explain??!1},`${e}|${JSON.stringify(a)}`,a===null),u=R(sn,{userId:e,query:a?.query??``,maxTokens:800,explain:a?.explain??!1},`${e}|${JSON.stringify(a)}`,a===null||!a.context);return G(`section`,{"aria-labelledby":`recall-title`,children:[G(`h2`,{id:`recall-title`,children:`Recall playground`}),G(`form`,{class:`recall-form`,onSubmit:e=>{e.preventDefault();let n=e.currentTarget,i=e=>n.elements.namedItem(e).checked;t.trim()&&o({query:t.trim(),limit:r,context:i(`context`),explain:i(`explain`)})},children:[G(`label`,{for:`recall-query`,children:`Query`}),G(`input`,{id:`recall-query`,value:t,onInput:e=>n(e.currentTarget.value),placeholder:`e.g. Where does the user live?`}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Hits`}),G(`select`,{value:String(r),onChange:e=>i(Number(e.currentTarget.value)),children:[5,10,20,50].map(e=>G(`option`,{value:e,children:e},e))})]}),G(`label`,{class:`inline`,children:[G(`input`,{type:`checkbox`,name:`context`}),G(`span`,{children:`Also build the prompt context (memoryContext, 800 tokens)`})]}),G(`label`,{class:`inline`,children:[G(`input`,{type:`checkbox`,name:`explain`}),G(`span`,{children:`Explain the ranking`})]}),G(`button`,{type:`submit`,children:`Recall`})]}),a===null&&G(X,{title:`Ask something`,children:G(`p`,{children:`Type what an assistant would look up for this user. Recall ranks memories, messages, impressions and traits together.`})}),l.loading&&G(J,{what:`recall`}),l.error&&G(Y,{error:l.error,retry:l.reload}),a&&l.data&&l.data.recall.length===0&&G(X,{title:`Nothing recalled`,children:G(`p`,{children:`Nothing of this user matches. Try other words, or check the memories view for what is stored.`})}),l.data&&l.data.recall.length>0&&G(`ol`,{class:`cards hits`,children:l.data.recall.map(e=>G(`li`,{class:`card hit`,children:[G(`div`,{class:`card-head`,children:[G(q,{value:e.kind}),e.memoryType&&G(q,{value:e.memoryType,tone:`type`}),e.entity&&G(`span`,{class:`muted`,children:[`about `,G(K,{children:e.entity})]}),G(`span`,{class:`score`,title:`fused rank score`,children:[`score `,e.score.toFixed(4)]})]}),G(K,{as:`p`,children:e.content}),e.explanation&&G(Li,{explanation:e.explanation}),G(`div`,{class:`card-foot`,children:[G(`span`,{class:`muted`,children:e.occurredAt?V(e.occurredAt):``}),G(`button`,{type:`button`,disabled:e.sourceMessageIds.length===0,onClick:()=>c({title:`Sources of this ${U(e.kind)}`,messageIds:e.sourceMessageIds}),children:[`Source messages (`,e.sourceMessageIds.length,`)`]})]})]},`${e.kind}-${e.id}`))}),u.error&&G(Y,{error:u.error}),u.data&&a?.context&&G(`section`,{"aria-labelledby":`context-title`,class:`panel`,children:[G(`h3`,{id:`context-title`,children:[`Prompt context (`,u.data.memoryContext.tokens,` tokens)`]}),G(`pre`,{class:`context`,children:G(K,{children:u.data.memoryContext.text})}),u.data.memoryContext.lines.length>0&&G(`table`,{class:`context-lines`,children:[G(`caption`,{children:`Why each line is in the context, or left out`}),G(`thead`,{children:G(`tr`,{children:[G(`th`,{scope:`col`,children:`Section`}),G(`th`,{scope:`col`,children:`Line`}),G(`th`,{scope:`col`,children:`In`}),G(`th`,{scope:`col`,children:`Why`})]})}),G(`tbody`,{children:u.data.memoryContext.lines.map(e=>G(`tr`,{class:e.included?`included`:`left-out`,children:[G(`td`,{children:U(e.section)}),G(`td`,{children:G(K,{children:e.text})}),G(`td`,{children:e.included?`yes`:`no`}),G(`td`,{children:G(K,{children:e.reason})})]},`${e.section}-${e.id}`))})]})]}),s&&G(qn,{userId:e,request:s,onClose:()=>c(null)})]})}function zi({trace:e}){return G(`li`,{class:`trace`,children:[G(`div`,{class:`message-meta`,children:[`decided by `,e.extractor===`LLM`?`the LLM${e.llmModel?` (${e.llmModel})`:``}`:`the rulebook`,` · recorded `,V(e.recordedAt),` · message `,G(`code`,{children:e.messageId}),e.fallbackReason&&G(C,{children:[` · the LLM failed: `,e.fallbackReason]})]}),!e.fromPerson&&G(`p`,{children:[`An `,e.role.toLowerCase(),` turn: only what a person says is remembered.`]}),e.refusedBy&&G(`p`,{children:[`The whole message was refused by rule `,G(`code`,{children:e.refusedBy}),`.`]}),e.fromPerson&&!e.refusedBy&&e.decisions.length===0&&G(`p`,{children:`Nothing was taken from this message.`}),e.decisions.length>0&&G(`ol`,{class:`trace-decisions`,children:e.decisions.map((e,t)=>G(`li`,{class:`trace-decision trace-${e.outcome.toLowerCase()}`,children:[G(`div`,{class:`card-head`,children:[G(q,{value:e.outcome}),e.ruleId&&G(`code`,{children:e.ruleId})]}),G(K,{as:`p`,children:e.piece}),G(`p`,{class:`trace-why`,children:e.explanation}),e.memoryId&&G(`span`,{class:`muted`,children:[`memory `,G(`code`,{children:e.memoryId})]}),e.supersededIds.length>0&&G(`span`,{class:`muted`,children:[` `,`· superseded`,` `,e.supersededIds.map(e=>G(`code`,{children:e},e))]})]},t))})]})}function Bi({userId:e,request:t,onClose:n}){let r=N(null),{data:i,error:a,loading:o,reload:s}=R(gn,{userId:e,sessionId:t.sessionId,messageId:t.messageId},`${e}|${t.sessionId}|${t.messageId}`);return M(()=>{let e=r.current;return e&&!e.open&&e.showModal(),()=>e?.close()},[]),G(`dialog`,{ref:r,class:`messages-dialog`,"aria-labelledby":`trace-title`,onClose:n,children:[G(`header`,{children:[G(`h2`,{id:`trace-title`,children:`Why was this remembered or not?`}),G(`button`,{type:`button`,class:`close`,onClick:()=>r.current?.close(),"aria-label":`Close`,children:`✕`})]}),o&&G(J,{what:`the extraction trace`}),a&&G(Y,{error:a,retry:s}),i&&i.extractionTrace.length===0&&G(X,{title:`No extraction trace`,children:[`The conversation has not been extracted yet (it ends after a while without messages, or with`,` `,G(`code`,{children:`endConversation`}),`), or its trace is older than `,G(`code`,{children:`EXTRACTION_TRACE_RETENTION_DAYS`}),`.`]}),i&&i.extractionTrace.length>0&&G(`ol`,{class:`messages`,children:i.extractionTrace.map(e=>G(zi,{trace:e},e.id))})]})}function Vi(e){return e?`${e}T00:00:00+00:00`:null}function Hi(e){let t=new Map;for(let n of e){let e=n.at.slice(0,10);t.set(e,[...t.get(e)??[],n])}return[...t.entries()]}function Ui({entry:e}){return!e.speaker&&!e.role?null:G(`p`,{class:`timeline-speaker${e.role?` role-${e.role}`:``}`,children:[e.speaker&&G(`strong`,{class:`speaker`,children:G(K,{children:e.speaker})}),e.speaker&&e.role&&` `,e.role&&G(`span`,{class:`muted role`,children:[`(`,e.role,`)`]})]})}function Wi({entry:e,explain:t}){let n=e.kind===`EVENT`&&e.sourceType===`CONVERSATION`&&e.sessionId&&e.sourceId;return G(`li`,{class:`timeline-entry timeline-${e.kind.toLowerCase()}`,children:[G(`div`,{class:`card-head`,children:[G(q,{value:e.kind}),e.sourceType&&G(q,{value:e.sourceType,tone:`source`}),e.memoryType&&G(q,{value:e.memoryType}),e.status&&G(q,{value:e.status}),G(`span`,{class:`muted`,children:V(e.at)})]}),G(Ui,{entry:e}),e.title&&G(`strong`,{children:G(K,{children:e.title})}),G(K,{as:`p`,children:e.content}),e.sessionId&&G(`span`,{class:`muted`,children:[`conversation `,G(`code`,{children:e.sessionId})]}),n&&G(`button`,{type:`button`,class:`secondary why`,onClick:()=>t({sessionId:e.sessionId??``,messageId:e.sourceId??``}),children:`Why was this (not) remembered?`}),e.sourceType===`DOCUMENT`&&e.sourceId&&G(`span`,{class:`muted`,children:[`document `,G(`code`,{children:e.sourceId}),` · `,G(I,{href:`/documents`,children:`documents`})]})]})}function Gi(e,t){let n=new URLSearchParams(e).get(t)??``;return/^\d{4}-\d{2}-\d{2}$/.test(n)?n:``}function Ki({userId:e}){let t=xt(),[n,r]=j([...Dn]),[i,a]=j(``),[o,s]=j(()=>Gi(t,`from`)),[c,l]=j(()=>Gi(t,`to`)),[u,d]=j([null]),[f,p]=j(null),m=u[u.length-1],h=()=>d([null]),{data:g,error:_,loading:v,reload:y}=R(ln,{userId:e,kinds:n,sourceTypes:i?[i]:null,from:Vi(o),to:Vi(c),after:m},`${e}|${n.join()}|${i}|${o}|${c}|${m}`,n.length===0),b=g?.timeline.nodes??[];return G(`section`,{"aria-labelledby":`timeline-title`,children:[G(`div`,{class:`section-head`,children:G(`h2`,{id:`timeline-title`,children:`Timeline`})}),G(`form`,{class:`filters`,onSubmit:e=>e.preventDefault(),children:[G(`fieldset`,{children:[G(`legend`,{children:`Show`}),Dn.map(e=>G(`label`,{class:`inline`,children:[G(`input`,{type:`checkbox`,checked:n.includes(e),onChange:t=>{r(t.currentTarget.checked?[...n,e]:n.filter(t=>t!==e)),h()}}),G(`span`,{children:{EVENT:`events`,MEMORY:`memories`,CANDIDATE:`candidates`}[e]})]},e))]}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Events from`}),G(`select`,{value:i,onChange:e=>{a(e.currentTarget.value),h()},children:[G(`option`,{value:``,children:`every source`}),Tn.map(e=>G(`option`,{value:e,children:U(e)},e))]})]}),G(`label`,{class:`inline`,children:[G(`span`,{children:`From`}),G(`input`,{type:`date`,value:o,onInput:e=>{s(e.currentTarget.value),h()}})]}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Before`}),G(`input`,{type:`date`,value:c,onInput:e=>{l(e.currentTarget.value),h()}})]})]}),n.length===0&&G(X,{title:`Nothing selected`,children:G(`p`,{children:`Tick events, memories or candidates above.`})}),v&&!g&&G(J,{what:`the timeline`}),_&&G(Y,{error:_,retry:y}),g&&n.length>0&&b.length===0&&G(X,{title:`Nothing in this part of the timeline`,children:G(`p`,{children:[`Widen the dates or the sources above. Events come from `,G(`code`,{children:`ingestMessages`}),`,`,` `,G(`code`,{children:`ingestEvents`}),` (todos, tasks, notes, posts, calendar entries) and `,G(`code`,{children:`ingestDocument`}),`.`]})}),b.length>0&&G(`ol`,{class:`timeline`,"aria-busy":v,children:Hi(b).map(([e,t])=>G(`li`,{class:`timeline-day`,children:[G(`h3`,{children:e}),G(`ul`,{class:`cards`,children:t.map(e=>G(Wi,{entry:e,explain:p},`${e.kind}|${e.id}`))})]},e))}),f&&G(Bi,{userId:e,request:f,onClose:()=>p(null)}),g&&G(In,{cursors:u,next:g.timeline.hasNextPage?g.timeline.endCursor:null,setCursors:d,noun:`Timeline`})]})}var qi=[7,30,0],Ji=`0001-01-01T00:00:00Z`;function Yi(e){return e===0?Ji:new Date(Date.now()-e*24*60*60*1e3).toISOString()}var Xi={HAPPENED:`when it happened`,RECORDED:`when graphsvc recorded it`};function Zi(e,t){return t===`HAPPENED`?e.happenedAt??e.at:e.at}var Qi=new Set([`superseded`,`corrected`,`modified`]),$i=new Intl.DateTimeFormat(void 0,{dateStyle:`full`,timeZone:`UTC`}),ea=new Intl.DateTimeFormat(void 0,{timeStyle:`short`,timeZone:`UTC`}),ta=new Intl.DateTimeFormat(void 0,{dateStyle:`medium`,timeStyle:`short`,timeZone:`UTC`});function na(e,t){let n=new Map;for(let r of e){let e=Zi(r,t).slice(0,10),i=n.get(e)??new Map;n.set(e,i);let a=i.get(r.kind)??{kind:r.kind,headline:[],other:[],created:[]};i.set(r.kind,a),(r.change===`created`?a.created:Qi.has(r.change)?a.headline:a.other).push(r)}return[...n.entries()].map(([e,t])=>[e,[`MEMORY`,`TRAIT`].flatMap(e=>t.get(e)??[])])}function ra(e,t){return`${t} ${e===`TRAIT`?`trait`:`memor`}${e===`TRAIT`?t===1?``:`s`:t===1?`y`:`ies`}`}function ia({change:e}){let{oldValue:t,newValue:n}=e;return t===null&&n===null?e.change===`forgotten`?G(`p`,{class:`muted`,children:`Forgotten: no content is kept.`}):e.scrubbed?G(`p`,{class:`muted`,children:`Its values quoted deleted content and were blanked.`}):null:G(`p`,{class:`change-values`,children:[t!==null&&G(`del`,{class:`old-value`,children:G(K,{children:t})}),t!==null&&n!==null&&G(`span`,{class:`arrow`,"aria-label":`became`,children:` → `}),n!==null&&G(`ins`,{class:`new-value`,children:G(K,{children:n})})]})}function aa(e){if(e.kind!==`MEMORY`||!Qi.has(e.change))return null;let t=e.evidenceIds.filter(t=>t!==e.targetId);return t.length===1?{old:e.targetId,now:t[0]}:null}function oa({change:e,explain:t}){let n=e.evidenceIds.length;if(n===0)return G(`p`,{class:`change-evidence muted`,children:`no evidence recorded`});let r=aa(e);return G(`div`,{class:`change-evidence`,children:[G(`details`,{children:[G(`summary`,{children:[`evidence: `,n,` `,n===1?`message or memory`:`messages and memories`]}),G(`p`,{class:`muted`,children:e.evidenceIds.map(e=>G(`code`,{class:`secondary-id`,children:e},e))})]}),r&&e.oldValue!==null&&G(`button`,{type:`button`,class:`secondary why`,onClick:()=>t({memoryId:r.old,content:e.oldValue??``}),children:`Why the old value?`}),r&&e.newValue!==null&&G(`button`,{type:`button`,class:`secondary why`,onClick:()=>t({memoryId:r.now,content:e.newValue??``}),children:`Why the new value?`})]})}function sa({change:e}){return G(`span`,{class:`change-times muted`,children:[e.happenedAt&&G(`span`,{class:`change-happened`,children:[`happened `,G(`time`,{dateTime:e.happenedAt,children:ta.format(new Date(e.happenedAt))}),` · `]}),G(`span`,{class:`change-recorded`,children:[`recorded `,G(`time`,{dateTime:e.at,children:ta.format(new Date(e.at))})]}),` `,`UTC`]})}function ca({change:e,explain:t}){let n=Qi.has(e.change);return G(`li`,{class:`card change change-${e.change}${n?` change-headline`:``}`,"data-target":e.targetId,children:[G(`div`,{class:`card-head`,children:[G(`strong`,{class:`change-what`,title:`${e.kind===`TRAIT`?`trait`:`memory`} ${e.targetId}`,children:U(e.change)}),e.stage&&G(q,{value:e.stage}),G(`span`,{class:`change-actor`,title:`recorded as ${e.recordedActor}`,children:[`by `,U(e.actor)]}),G(sa,{change:e})]}),G(ia,{change:e}),e.reason&&G(`p`,{children:[G(`span`,{class:`muted`,children:`reason `}),G(K,{children:e.reason})]}),(n||e.evidenceIds.length>0)&&G(oa,{change:e,explain:t}),e.kind===`TRAIT`&&e.change!==`dissolved`&&G(I,{href:`/traits/${W(e.targetId)}`,class:`trait-link`,children:`see the trait`})]})}function la({group:e,by:t}){let n=[...new Set(e.created.map(e=>U(e.actor)))].join(`, `);return G(`details`,{class:`created-summary`,children:[G(`summary`,{children:[ra(e.kind,e.created.length),` created `,G(`span`,{class:`muted`,children:[`by `,n]})]}),G(`ul`,{class:`created-list`,children:e.created.map(e=>G(`li`,{"data-target":e.targetId,children:[G(`span`,{class:`muted`,title:`recorded ${ta.format(new Date(e.at))} UTC`,children:ea.format(new Date(Zi(e,t)))}),` `,e.newValue===null?G(`span`,{class:`muted`,children:`(no content kept)`}):e.kind===`TRAIT`?G(I,{href:`/traits/${W(e.targetId)}`,children:G(K,{children:e.newValue})}):G(K,{children:e.newValue}),e.stage&&G(C,{children:[` `,G(q,{value:e.stage})]})]},e.id))})]})}function ua({day:e,groups:t,by:n,explain:r}){return G(`li`,{class:`change-day`,children:[G(`h3`,{children:$i.format(new Date(`${e}T00:00:00Z`))}),t.map(t=>G(`section`,{class:`change-kind change-kind-${t.kind.toLowerCase()}`,"aria-label":`${e} ${t.kind===`TRAIT`?`traits`:`memories`}`,children:[G(`h4`,{children:t.kind===`TRAIT`?`Traits`:`Memories`}),t.headline.length+t.other.length>0&&G(`ol`,{class:`cards changes`,children:[...t.headline,...t.other].map(e=>G(ca,{change:e,explain:r},e.id))}),t.created.length>0&&G(la,{group:t,by:n})]},t.kind))]})}function da({userId:e}){let[t,n]=j(qi[0]),[r,i]=j(En[0]),[a,o]=j(null),[s,c]=j(()=>Yi(qi[0])),l=`${e}|${s}|${r}`,[u,d]=j({scope:l,earlier:[],after:null}),{earlier:f,after:p}=u.scope===l?u:{earlier:[],after:null},{data:m,error:h,loading:g,reload:_}=R(hn,{userId:e,from:s,after:p,by:r},`${l}|${p}`),v=new Set(f.map(e=>e.id)),y=[...f,...(m?.beliefChanges.nodes??[]).filter(e=>!v.has(e.id))],b=m?.beliefChanges.hasNextPage?m.beliefChanges.endCursor:null;return G(`section`,{"aria-labelledby":`changes-title`,children:[G(`div`,{class:`section-head`,children:G(`h2`,{id:`changes-title`,children:`What changed`})}),G(`form`,{class:`filters`,onSubmit:e=>e.preventDefault(),children:[G(`label`,{class:`inline`,children:[G(`span`,{children:`Range`}),G(`select`,{value:String(t),onChange:e=>{let t=Number(e.currentTarget.value);n(t),c(Yi(t))},children:[G(`option`,{value:`7`,children:`this week (last 7 days)`}),G(`option`,{value:`30`,children:`last 30 days`}),G(`option`,{value:`0`,children:`any time`})]})]}),G(`label`,{class:`inline`,children:[G(`span`,{children:`Dates`}),G(`select`,{value:r,onChange:e=>i(e.currentTarget.value),children:En.map(e=>G(`option`,{value:e,children:Xi[e]},e))})]})]}),G(`p`,{class:`muted range-note`,children:r===`HAPPENED`?`Days are when each change happened in the user's life (when its messages were said), not when graphsvc recorded it.`:`Days are when graphsvc recorded each change, not when it happened in the user's life.`}),g&&y.length===0&&G(J,{what:`the changes`}),h&&G(Y,{error:h,retry:_}),m&&!g&&!h&&y.length===0&&G(X,{title:`Nothing changed in this range`,children:G(`p`,{children:[`Memories created, corrected, superseded, forgotten, archived or restored, and traits that moved, appear here. Widen the range above (an import of old conversations happened long ago), or see every memory under`,` `,G(`strong`,{children:`Memories`}),`.`]})}),y.length>0&&G(`ol`,{class:`change-days`,"aria-busy":g,children:na(y,r).map(([e,t])=>G(ua,{day:e,groups:t,by:r,explain:o},e))}),y.length>0&&b&&G(`button`,{type:`button`,class:`more`,disabled:g,onClick:()=>d({scope:l,earlier:y,after:b}),children:`More`}),a&&G(er,{userId:e,request:a,onClose:()=>o(null)})]})}function fa({userId:e}){let{data:t,error:n,loading:r,reload:i}=R(pn,{userId:e},e),a=t?.documents??[],{page:o,index:s,pages:c,go:l}=z(a,20,e);return G(`section`,{"aria-labelledby":`documents-title`,children:[G(`div`,{class:`section-head`,children:G(`h2`,{id:`documents-title`,children:`Documents`})}),r&&!t&&G(J,{what:`documents`}),n&&G(Y,{error:n,retry:i}),t&&a.length===0&&G(X,{title:`No document yet`,children:G(`p`,{children:[`Store one with `,G(`code`,{children:`ingestDocument`}),` (PDF, DOCX, XLSX, CSV, Markdown, text, HTML) or`,` `,G(`code`,{children:[`graphsvc ingest-doc --user `,e,` FILE`]}),`: it is normalised to markdown, chunked by its headings and embedded, and its entities, candidates and tags are found by a background job.`]})}),a.length>0&&G(`ul`,{class:`cards`,children:o.map(e=>G(`li`,{class:`card document`,children:[G(`div`,{class:`card-head`,children:[e.format&&G(q,{value:e.format,tone:`source`}),G(`span`,{class:`muted`,children:[`version `,e.version,e.history>0?` (${e.history} earlier kept)`:``]})]}),G(I,{href:`/documents/${encodeURIComponent(e.id)}`,class:`card-title`,children:G(K,{children:e.title||e.filename})}),G(`div`,{class:`muted`,children:[G(`code`,{children:e.filename}),` · `,H(e.pages),` page`,e.pages===1?``:`s`,` · `,H(e.chunkCount),` chunks ·`,` `,H(e.byteSize),` bytes · updated `,V(e.updatedAt),` · `,e.indexedAt?`indexed ${V(e.indexedAt)}`:`not indexed yet`]}),e.tags.length>0&&G(`ul`,{class:`chips`,"aria-label":`Tags`,children:e.tags.map(e=>G(`li`,{children:G(K,{children:e})},e))})]},e.id))}),G(Fn,{index:s,pages:c,go:l,noun:`Documents`})]})}function pa({chunks:e,parent:t}){let n=e.filter(e=>e.parentId===t).sort((e,t)=>e.position-t.position);return n.length===0?null:G(`ul`,{class:t===null?`chunk-tree`:`chunk-children`,children:n.map(t=>G(`li`,{class:`chunk chunk-${t.kind}`,children:t.kind===`section`?G(`details`,{open:t.level<=1,children:[G(`summary`,{children:[G(K,{children:t.headingPath[t.headingPath.length-1]??`(untitled)`}),` `,G(`span`,{class:`muted`,children:[`section · `,t.tokens,` tokens`]})]}),G(pa,{chunks:e,parent:t.id})]}):G(`div`,{children:[G(`span`,{class:`muted`,children:[`passage `,t.position,` · `,t.tokens,` tokens`]}),G(K,{as:`p`,children:t.content}),G(pa,{chunks:e,parent:t.id})]})},t.id))})}function ma({entities:e}){return e.length===0?G(`p`,{class:`muted`,children:`It names no one and nothing the entity rules recognise (or its index job has not run yet).`}):G(`ul`,{class:`document-entities`,children:e.map(e=>G(`li`,{children:[G(q,{value:e.kind}),` `,e.entityIds.length>0?G(I,{href:`/entities/${W(e.name)}`,title:`The user's own words name it too`,children:G(K,{children:e.name})}):G(K,{children:e.name}),` `,G(`span`,{class:`muted`,children:[e.mentions,` passage`,e.mentions===1?``:`s`,e.entityIds.length>0?` · also the user's entity`:``]})]},e.id))})}function ha({userId:e,id:t}){let{data:n,error:r,loading:i,reload:a}=R(mn,{userId:e,id:t},`${e}|${t}`);if(i&&!n)return G(J,{what:`the document`});if(r)return G(Y,{error:r,retry:a});if(!n)return null;let o=n.document;return G(`article`,{"aria-labelledby":`document-title`,children:[G(`p`,{children:G(I,{href:`/documents`,children:`← Documents`})}),G(`h2`,{id:`document-title`,children:G(K,{children:o.title||o.filename})}),G(`p`,{class:`muted`,children:[G(`code`,{children:o.filename}),` · version `,o.version,` · `,H(o.chunkCount),` chunks · stored `,V(o.createdAt)]}),G(`section`,{"aria-labelledby":`document-entities-title`,children:[G(`h3`,{id:`document-entities-title`,children:[`Names in this document (`,o.entities.length,`)`]}),G(`p`,{class:`muted`,children:`Who and what its passages name. They belong to the document, not to the user's entities, unless the user's own words name them too.`}),G(ma,{entities:o.entities})]}),G(`section`,{"aria-labelledby":`chunks-title`,children:[G(`h3`,{id:`chunks-title`,children:`Chunk tree`}),o.chunks.length===0?G(`p`,{class:`muted`,children:`No chunk: the document was empty.`}):G(pa,{chunks:o.chunks,parent:null})]})]})}var ga=[{path:``,title:`Overview`,component:Kn},{path:`timeline`,title:`Timeline`,component:Ki},{path:`changes`,title:`What changed`,component:da},{path:`memories`,title:`Memories`,component:ar},{path:`traits`,title:`Traits`,component:fr},{path:`entities`,title:`Entities`,component:mr},{path:`graph`,title:`Graph`,component:Oi},{path:`review`,title:`Review`,component:Mi},{path:`documents`,title:`Documents`,component:fa},{path:`jobs`,title:`Jobs`,component:Fi},{path:`recall`,title:`Recall`,component:Ri}];function _a({rule:e}){return G(`p`,{class:`muted`,children:[e.measuredPrecision==null?`precision not measured yet`:`measured precision ${e.measuredPrecision.toFixed(2)} on ${e.judged} held-out outputs`,` `,`· rule `,G(`code`,{class:`secondary-id`,children:e.id})]})}function va({provenance:e,kind:t}){let{kindDecidedBy:n,kindRule:r}=e,i=t.toLowerCase();return n===`RULEBOOK`?G(`div`,{class:`made-by made-by-rulebook`,children:[G(`p`,{children:[`A `,i,`, decided by a rule of the offline rulebook`,r?`: `:`.`,r&&G(`strong`,{children:r.description})]}),r&&G(_a,{rule:r})]}):n===`LLM`?G(`p`,{class:`made-by made-by-llm`,children:[`A `,i,`, as an LLM's extraction read the messages below (no rule decided).`]}):n===`PERSON`?G(`p`,{class:`made-by made-by-person`,children:[`A `,i,`, set by hand (a person or an agent through the API).`]}):G(`p`,{class:`made-by made-by-nobody`,children:`Nothing said what it is: a thing, the default kind.`})}function ya({message:e}){let t=Xn(e.occurredAt),n=e.sessionId?G(C,{children:[`in conversation `,G(`code`,{class:`secondary-id`,children:e.sessionId})]}):G(C,{children:[`in a `,e.sourceType.toLowerCase(),e.title?G(C,{children:[` “`,G(K,{children:e.title}),`”`]}):null]});return G(`li`,{class:`provenance-step provenance-message`,children:[G(`q`,{class:`said`,children:G(K,{children:e.content})}),G(`p`,{class:`muted`,children:[e.speaker?G(C,{children:[G(K,{children:e.speaker}),`,`,` `]}):null,V(e.occurredAt),` `,n,` ·`,` `,G(I,{href:`/timeline?from=${t.from}&to=${t.to}`,children:`see the message on the timeline`})]})]})}function ba({messages:e,empty:t}){return e.length===0?G(`p`,{class:`muted`,children:t}):G(`ol`,{class:`provenance-steps`,children:e.map(e=>G(ya,{message:e},e.id))})}function xa({item:e}){return e.statedBy===`RULEBOOK`?G(`div`,{class:`made-by made-by-rulebook`,children:[G(`p`,{children:[`Stated by a rule of the offline rulebook`,e.rule?`: `:`.`,e.rule&&G(`strong`,{children:e.rule.description})]}),e.rule&&G(_a,{rule:e.rule})]}):e.statedBy===`LLM`?G(`p`,{class:`made-by made-by-llm`,children:`Stated by an LLM's extraction (no rule).`}):G(`p`,{class:`made-by made-by-person`,children:`Made by hand, from no message.`})}function Sa({provenance:e,kind:t}){let{messages:n,observed:r,relations:i}=e,a=n.length<r?`the newest ${n.length} of ${r} messages`:`${r===1?`this message`:`these ${r} messages`}`;return G(`div`,{class:`provenance entity-provenance`,children:[G(`h4`,{children:`Its kind`}),G(va,{provenance:e,kind:t}),G(`h4`,{children:[`Observed in `,r===0?`no message`:a]}),G(ba,{messages:n,empty:`It was made by hand, or the messages it came from are no longer stored.`}),G(`h4`,{children:`Its relations`}),i.length===0?G(`p`,{class:`muted`,children:`No relation to another entity yet.`}):G(`ul`,{class:`provenance-relations`,children:i.map((e,t)=>G(`li`,{class:`provenance-relation`,children:[G(`p`,{children:[e.relation.direction===`OUTGOING`?`→`:`←`,` `,G(K,{children:e.relation.relation}),` `,G(I,{href:`/entities/${W(e.relation.other.subject)}`,children:G(K,{children:e.relation.other.subject})})]}),G(xa,{item:e}),e.observed>0&&G(ba,{messages:e.messages,empty:`The messages it came from are no longer stored.`})]},t))})]})}function Ca({userId:e,entityId:t,kind:n}){let{data:r,error:i,loading:a,reload:o}=R(vn,{userId:e,entityId:t},`${e}|${t}`);return G(C,{children:[a&&G(J,{what:`why graphsvc believes this`}),i&&G(Y,{error:i,retry:o}),r&&G(Sa,{provenance:r.entityProvenance,kind:n})]})}function wa({userId:e,entityId:t,kind:n}){let[r,i]=j(!1);return G(`details`,{class:`entity-why`,onToggle:e=>{e.currentTarget.open&&i(!0)},children:[G(`summary`,{children:`Why graphsvc believes this`}),r&&G(Ca,{userId:e,entityId:t,kind:n})]})}function Ta({userId:e,name:t}){let[,n]=bt(),[r,i]=j(null),{data:a,error:o,loading:s,reload:c}=R($t,{userId:e,name:t},`${e}|${t}`),l=a?.entity??null,u=z(l?.impressions??[],10,`${e}|${t}`),d=Fe(()=>{if(!l)return{nodes:[],links:[]};let e=new Map([[l.id,{id:l.id,label:l.subject,kind:l.kind}]]),t=[];for(let n of l.relations){e.set(n.other.id,{id:n.other.id,label:n.other.subject,kind:n.other.kind});let[r,i]=n.direction===`OUTGOING`?[l.id,n.other.id]:[n.other.id,l.id];t.push({source:r,target:i,relation:n.relation,strength:n.strength})}return{nodes:[...e.values()],links:t}},[l]);return s&&!a?G(J,{what:`the entity`}):o?G(Y,{error:o,retry:c}):l?G(`article`,{class:`entity`,"aria-labelledby":`entity-title`,children:[G(`p`,{children:G(I,{href:`/entities`,children:`← Entities`})}),G(`div`,{class:`section-head`,children:[G(`h2`,{id:`entity-title`,children:G(K,{children:l.subject})}),G(q,{value:l.kind}),l.kindRule&&G(`code`,{class:`rule-id`,title:`The offline rule that decided the kind`,children:l.kindRule})]}),G(`p`,{class:`muted`,children:[`Known since `,V(l.createdAt),` · updated `,V(l.updatedAt)]}),G(wa,{userId:e,entityId:l.id,kind:l.kind},l.id),G(`section`,{"aria-labelledby":`aliases-title`,children:[G(`h3`,{id:`aliases-title`,children:`Names`}),G(`ul`,{class:`chips`,children:l.aliases.map(e=>G(`li`,{children:G(K,{children:e.name})},e.id))})]}),G(`section`,{"aria-labelledby":`impressions-title`,children:[G(`h3`,{id:`impressions-title`,children:[`Impressions (`,l.impressions.length,`)`]}),l.impressions.length===0&&G(`p`,{class:`muted`,children:`No impression yet.`}),G(`ul`,{class:`cards`,children:u.page.map(e=>G(`li`,{class:`card`,children:[G(K,{as:`p`,children:e.content}),G(`div`,{class:`card-foot`,children:[G(Pn,{value:e.confidence,name:`confidence`}),G(`button`,{type:`button`,disabled:e.evidence.length===0,onClick:()=>i({title:`Messages behind this impression`,eventIds:e.evidence.map(e=>e.eventId)}),children:[`Source messages (`,e.evidence.length,`)`]})]})]},e.id))}),G(Fn,{index:u.index,pages:u.pages,go:u.go,noun:`Impressions`})]}),G(`section`,{"aria-labelledby":`features-title`,children:[G(`h3`,{id:`features-title`,children:`Features`}),l.features.length===0?G(`p`,{class:`muted`,children:`No feature yet.`}):G(`div`,{class:`table-wrap`,children:G(`table`,{children:[G(`thead`,{children:G(`tr`,{children:[G(`th`,{scope:`col`,children:`key`}),G(`th`,{scope:`col`,children:`value`}),G(`th`,{scope:`col`,children:`confidence`}),G(`th`,{scope:`col`,children:`observed`})]})}),G(`tbody`,{children:l.features.map(e=>G(`tr`,{children:[G(`td`,{children:G(K,{children:e.key})}),G(`td`,{children:G(K,{children:e.value})}),G(`td`,{children:[Math.round(e.confidence*100),` %`]}),G(`td`,{children:V(e.observedAt)})]},e.id))})]})})]}),G(`section`,{"aria-labelledby":`document-mentions-title`,children:[G(`h3`,{id:`document-mentions-title`,children:[`Named in documents (`,l.documentMentions.length,`)`]}),l.documentMentions.length===0?G(`p`,{class:`muted`,children:`No document of the user's names it.`}):G(`ul`,{class:`document-mentions`,children:l.documentMentions.map(e=>G(`li`,{children:[G(I,{href:`/documents/${encodeURIComponent(e.documentId)}`,children:G(K,{children:e.title})}),` `,G(`span`,{class:`muted`,children:[`as “`,G(K,{children:e.name}),`” · `,e.mentions,` passage`,e.mentions===1?``:`s`]})]},e.documentId))})]}),G(`section`,{"aria-labelledby":`relations-title`,children:[G(`h3`,{id:`relations-title`,children:[`Relations (`,l.relations.length,`)`]}),l.relations.length===0?G(`p`,{class:`muted`,children:`No relation to another entity yet.`}):G(C,{children:[G(`ul`,{class:`relations`,children:l.relations.map((e,t)=>G(`li`,{children:[e.direction===`OUTGOING`?`→`:`←`,` `,G(K,{children:e.relation}),` `,G(I,{href:`/entities/${W(e.other.subject)}`,children:G(K,{children:e.other.subject})}),` `,G(`span`,{class:`muted`,children:[`strength `,e.strength.toFixed(2)]}),e.ruleId&&G(C,{children:[` `,G(`code`,{class:`rule-id`,title:`The offline rule that stated the relation`,children:e.ruleId})]})]},t))}),G(Ti,{nodes:d.nodes,links:d.links,focusId:l.id,label:`${l.subject} and the entities it relates to`,onOpen:e=>n(`/entities/${W(e.label)}`)}),G(Ei,{})]})]}),r&&G(qn,{userId:e,request:r,onClose:()=>i(null)})]}):G(X,{title:`No entity by that name`,children:G(`p`,{children:[`No subject or alias of this user is “`,G(K,{children:t}),`”. Look it up in the `,G(I,{href:`/entities`,children:`entity list`}),`.`]})})}function Ea(e){let t=e.replace(/^\//,``).split(`/`)[0]??``;return ga.some(e=>e.path===t)?t:``}function Da({userId:e}){let[t]=bt(),n=Ea(t),r=ga.find(e=>e.path===n)?.title??`Overview`;return M(()=>{document.title=`${r} · ${e} · graphsvc`},[r,e]),G(`div`,{class:`user-layout`,children:[G(`div`,{class:`user-head`,children:[G(`h1`,{children:[G(`span`,{class:`muted`,children:`User`}),` `,G(`span`,{lang:jn(e),children:e})]}),G(`nav`,{"aria-label":`Views`,class:`views-nav`,children:ga.map(e=>G(I,{href:`/${e.path}`,"aria-current":e.path===n?`page`:void 0,children:e.title},e.path))})]}),G(`main`,{id:`main`,class:`page`,tabIndex:-1,children:G(Dt,{children:[G(F,{path:`/documents/:id`,children:t=>G(ha,{userId:e,id:Mn(t.id)})}),G(F,{path:`/traits/:id`,children:t=>G(pr,{userId:e,id:Mn(t.id)})}),G(F,{path:`/entities/:name`,children:t=>G(Ta,{userId:e,name:Mn(t.name)})}),ga.map(t=>G(F,{path:`/${t.path}`,children:G(t.component,{userId:e})},t.path)),G(F,{children:G(X,{title:`No such view`,children:G(`p`,{children:[`Pick a view above, or go back to the `,G(I,{href:`/`,children:`overview`}),`.`]})})})]})})]})}function Oa({reason:e}){let[t,n]=j(``),r=N(null);return M(()=>{document.title=`Sign in · graphsvc`,r.current?.focus()},[]),G(`main`,{id:`main`,class:`page sign-in`,children:[G(`h1`,{children:`Sign in`}),G(`p`,{class:`lead`,children:[`This graphsvc has authentication on. Enter an API key (`,G(`code`,{children:`graphsvc keys create --user U`}),` for one user, `,G(`code`,{children:`--admin`}),` for every user) or a token. It is kept in this tab only and sent as`,` `,G(`code`,{children:`Authorization: Bearer`}),`.`]}),e&&G(`div`,{class:`error`,role:`alert`,children:e}),G(`form`,{class:`open-user`,onSubmit:e=>{e.preventDefault(),t.trim()&&Lt(t)},children:[G(`label`,{for:`api-key`,children:`API key or token`}),G(`input`,{id:`api-key`,ref:r,type:`password`,autocomplete:`off`,spellcheck:!1,value:t,onInput:e=>n(e.currentTarget.value),placeholder:`gsk_…`}),G(`button`,{type:`submit`,children:`Sign in`})]})]})}var ka=ye({authRequired:!1,principal:``,admin:!0,userIds:null});function Aa(){return Le(ka)}function ja(e){return e.userIds!==null&&e.userIds.length===1?e.userIds[0]:null}function Ma(e,t){return e.userIds===null||e.userIds.includes(t)||/^(group|agent):/.test(t)}function Na(){let e=_t(),t=Aa(),n=Mn(e.userId);if(!Ma(t,n)){let e=ja(t);return G(`main`,{id:`main`,class:`page`,children:G(X,{title:`This key may not see that user`,children:G(`p`,{children:[`You are signed in for `,e?G(I,{href:`/users/${W(e)}`,children:e}):`other users`,` only.`,` `,`Sign out and sign in with an admin key to see `,G(`span`,{lang:jn(n),children:n}),`.`]})})})}return G(Da,{userId:n})}function Pa(){let e=ja(Aa());return e?G(Ot,{to:`/users/${W(e)}`,replace:!0}):G(Ln,{})}function Fa(){let e=Aa();if(!e.authRequired)return null;let t=ja(e);return G(`div`,{class:`session`,children:[G(`span`,{class:`muted`,title:e.principal,children:e.admin?`Admin`:t?G(C,{children:[`User `,G(`span`,{lang:jn(t),children:t})]}):`No user`}),G(`button`,{type:`button`,class:`link-button`,onClick:()=>Rt(`You signed out. Enter a key to sign in again.`),children:`Sign out`})]})}function Ia({signedIn:e}){let t=ja(Aa());return G(`header`,{class:`topbar`,children:[G(I,{href:`/`,class:`brand`,children:`graphsvc`}),G(`nav`,{"aria-label":`Tools`,class:`tools`,children:[e&&!t&&G(I,{href:`/`,children:`Users`}),G(`a`,{href:`/graphql`,children:`GraphiQL`}),G(`a`,{href:`/`,children:`Home`})]}),e&&G(Fa,{})]})}function La(){return G(Dt,{children:[G(F,{path:`/`,children:G(Pa,{})}),G(F,{path:`/users/:userId`,nest:!0,children:G(Na,{})}),G(F,{children:G(`main`,{id:`main`,class:`page`,children:G(X,{title:`No such page`,children:G(`p`,{children:[`Dashboard pages start at `,G(I,{href:`/`,children:`the user list`}),` or `,G(`code`,{children:`/ui/users/<userId>`}),`.`]})})})})]})}function Ra(){let e=zt(),t=R(Ut,{},`viewer|${e.epoch}`,e.prompt),n=t.data?.viewer??null,r=!e.prompt&&n!==null&&!t.loading;return G(Ct,{base:`/ui`,children:[G(`a`,{class:`skip`,href:`#main`,children:`Skip to content`}),G(ka.Provider,{value:n??{authRequired:!0,principal:``,admin:!1,userIds:[]},children:[G(Ia,{signedIn:r}),e.prompt&&G(Oa,{reason:e.reason}),!e.prompt&&t.loading&&G(`main`,{id:`main`,class:`page`,children:G(J,{what:`the dashboard`})}),!e.prompt&&!t.loading&&t.error&&G(`main`,{id:`main`,class:`page`,children:G(Y,{error:t.error,retry:t.reload})}),r&&G(La,{})]})]})}_e(G(Ra,{}),document.getElementById(`app`));